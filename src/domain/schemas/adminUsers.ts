import { z } from 'zod';
import { LIMITS } from '../constants';
import { USER_STATUSES } from '../roles';
import { M, emailField, listQuery, requiredText, searchText } from './common';
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
    body: requiredText(MESSAGE_LIMITS.body, { multiline: true }),
  })
  .strict();
export type UserMessageInput = z.infer<typeof userMessageSchema>;

export const userMessagesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const;

/** PUT /api/users/{id}: also takes back what GET answered. */
export const adminUserUpdateBody = takingBackOutput(adminUserSchema, [
  'id', 'name', 'emailVerified', 'type', 'status', 'avatar', 'lastLogin', 'createdAt', 'account',
]);
