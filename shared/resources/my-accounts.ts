import { z } from 'zod';
import { defineResource } from './define';
import { accountChoiceSchema } from '../domain/schemas/context';
import { ACCOUNT_ROLES } from '../domain/roles';

/**
 * The accounts the signed-in user may switch to (console.md: GET /api/users/me/accounts): their
 * enabled memberships with their role, or every account for a platform admin, searched by name.
 * A user's own records: whoever is signed in reads theirs, in no account (the Switch Account
 * dialog, and the account choice right after signing in). Read through a repository of its own
 * (server/resources/my-accounts.ts), since a platform admin's are rows that are not memberships.
 */
export const myAccounts = defineResource({
  name: 'my-accounts',
  table: 'account_users',
  scope: 'user',
  path: 'users/me/accounts',
  key: 'accountId',
  fields: {
    name: z.string(),
    slug: z.string(),
    status: z.string(),
    role: z.enum(ACCOUNT_ROLES).nullable(),
  },
  answer: accountChoiceSchema,
  recordFields: ['id'],
  actions: ['list'],
  sorts: ['name'],
  defaultSort: 'name',
  search: ['name'],
  // A search, not a list one pages through: its first page holds every account most users have.
  pageSize: { default: 200, max: 200 },
  access: { list: 'signedIn' },
  views: false,
  menu: 'none',
});
