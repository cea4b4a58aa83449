import { z } from 'zod';
import { LIMITS } from '../constants';
import { USER_STATUSES, USER_TYPES } from '../roles';
import { M, emailField, listQuery, requiredText, searchText } from './common';
import { richTextField } from '../richText';
import { takingBackOutput } from './ownOutput';

/** Platform Users (platform-admin.md sections 2, 5, 7): the list, New Admin, the user form, messages. */

export const ADMIN_USER_SORTS = ['name', 'type', 'status', 'lastLogin', 'createdAt'] as const;

/** Lengths the spec leaves open, chosen for the message composer. */
export const MESSAGE_LIMITS = { subject: 150, body: 5000 } as const;

const nameField = requiredText(LIMITS.personName);

/** A multi-choice filter arrives as a repeated parameter or a comma-separated one. */
const statusFilter = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
  z.array(z.enum(USER_STATUSES)).max(USER_STATUSES.length),
);

export const adminUsersQuery = listQuery(ADMIN_USER_SORTS, 'createdAt').extend({
  q: searchText(),
  status: statusFilter.optional(),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuery>;

/** '+ New Admin': first name, last name, email (section 5). */
export const newAdminSchema = z.object({ firstName: nameField, lastName: nameField, email: emailField() }).strict();
export type NewAdminInput = z.infer<typeof newAdminSchema>;

/** The General tab's form; the Fan Video Processed preference exists for admin-type users only. */
export const adminUserSchema = z
  .object({
    firstName: nameField,
    lastName: nameField,
    email: emailField(),
    videoProcessedEmails: z.boolean({ error: M.invalid }).optional(),
  })
  .strict();
export type AdminUserInput = z.infer<typeof adminUserSchema>;

export const userMessageSchema = z
  .object({
    subject: requiredText(MESSAGE_LIMITS.subject),
    body: richTextField(MESSAGE_LIMITS.body),
  })
  .strict();
export type UserMessageInput = z.infer<typeof userMessageSchema>;

/** PUT /api/users/{id}: also takes back what GET answered. */
export const adminUserUpdateBody = takingBackOutput(adminUserSchema, [
  'id',
  'name',
  'emailVerified',
  'type',
  'status',
  'avatar',
  'lastLogin',
  'createdAt',
  'account',
]);

/** A user as the Platform Users list shows them. */
export const adminUserRowSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  type: z.enum(USER_TYPES),
  status: z.enum(USER_STATUSES),
  avatar: z.string().nullable(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
});
export const adminUserListSchema = z.object({ data: z.array(adminUserRowSchema), total: z.number() });

/** A user as the user form shows them: the row, their mail preference and an account of theirs. */
export const adminUserAnswerSchema = adminUserRowSchema.extend({
  videoProcessedEmails: z.boolean().nullable(),
  account: z.object({ id: z.string(), name: z.string(), headerImage: z.string().nullable(), lightHeader: z.boolean() }).nullable(),
});

/** A message sent to a user, and who sent it (null once the sender is gone). */
export const userMessageAnswerSchema = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
  sentBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
