import { z } from 'zod';
import { defineResource } from './define';
import { LIMITS } from '../domain/constants';
import { ACCOUNT_ROLES } from '../domain/roles';

/**
 * An account's pending invitations (console.md: GET /api/accounts/{id}/invites), newest first,
 * seen by every member beside the users. Rows are written by inviting a user (POST
 * .../users) and changed by resend and cancel (server/routes/accountUsers.ts), so the resource
 * only lists; an accepted, canceled or expired invitation is not among them.
 */
export const invites = defineResource({
  name: 'invites',
  table: 'invites',
  scope: 'account',
  actions: ['list'],
  fields: {
    email: z.string().max(LIMITS.inviteEmail),
    role: z.enum(ACCOUNT_ROLES),
    expiresAt: z.iso.datetime(),
  },
  sorts: ['createdAt'],
  defaultSort: 'createdAt',
  only: { status: 'pending' },
  liveUntil: 'expiresAt',
  // Who sees the account's users sees its invitations (PERMISSIONS['account-users'].list).
  access: { list: 'readonly' },
  menu: 'none',
});
