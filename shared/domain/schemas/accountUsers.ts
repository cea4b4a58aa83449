import { z } from 'zod';
import { LIMITS } from '../constants';
import { ACCOUNT_ROLES, ASSIGNABLE_ROLES, DEFAULT_INVITE_ROLE } from '../roles';
import { emailField, listQuery, requiredOrInvalid, searchText } from './common';
import { userIdentityShape } from './context';

/** Invite dialog (spec section 5): email required, at most 250; a role, user by default. */
export const inviteUserSchema = z
  .object({
    email: emailField(LIMITS.inviteEmail),
    role: z.enum(ASSIGNABLE_ROLES, { error: requiredOrInvalid }).default(DEFAULT_INVITE_ROLE),
  })
  .strict();
export type InviteUserInput = z.infer<typeof inviteUserSchema>;

export const accountUserRoleSchema = z.object({ role: z.enum(ACCOUNT_ROLES, { error: requiredOrInvalid }) }).strict();

export const inviteEmailSchema = z.object({ email: emailField(LIMITS.inviteEmail) }).strict();

export const accountUsersQuery = listQuery(['name', 'email', 'role', 'createdAt'] as const, 'name').extend({
  q: searchText(),
});

/** A member as the account users table and its dialog show them. */
export const accountUserSchema = z.object({
  ...userIdentityShape,
  role: z.enum(ACCOUNT_ROLES),
  videoProcessedEmails: z.boolean(),
  createdAt: z.string(),
});

/** An invitation sent (or sent again): to whom, as what, until when. */
export const sentInviteSchema = z.object({ email: z.string(), role: z.enum(ACCOUNT_ROLES), expiresAt: z.string() });
