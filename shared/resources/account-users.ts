import { z } from 'zod';
import { accountParent, defineResource } from './define';
import { PERMISSIONS } from '../domain/permissions';
import { ACCOUNT_ROLES } from '../domain/roles';

/**
 * The account's users with their role (console.md: Account settings → Users): a membership is
 * known by its user's id, and its name, email and avatar are the user's. Inviting (create) mails
 * an invitation instead of adding a row; role changes and removals keep an owner and never touch
 * oneself (server/resources/account-users.ts). Shown by the Users screen, not default views.
 */
export const accountUsers = defineResource({
  name: 'account-users',
  table: 'account_users',
  scope: 'account',
  parent: accountParent('users'),
  key: 'userId',
  param: 'userId',
  fields: {
    role: z.enum(ACCOUNT_ROLES),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    avatar: z.string().optional(),
    videoProcessedEmails: z.boolean(),
  },
  readOnly: ['firstName', 'lastName', 'email', 'avatar', 'videoProcessedEmails'],
  recordFields: ['id', 'createdAt'],
  sorts: ['email', 'role', 'createdAt'],
  extraSorts: ['name'],
  defaultSort: 'name',
  search: ['firstName', 'lastName', 'email'],
  access: PERMISSIONS['account-users'],
  views: false,
  menu: 'none',
});
