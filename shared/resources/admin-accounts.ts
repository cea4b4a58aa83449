import { defineResource } from './define';
import { accountFields } from './accounts';
import { PERMISSIONS } from '../domain/permissions';
import { accountDetailsSchema } from '../domain/schemas/context';

/**
 * Platform Accounts (platform-admin.md: every account, for platform admins): listed with their
 * counts and created at the spec's /api/accounts, enabled, disabled and moved between plans at
 * /api/accounts/:id/...; in the console at /admin/accounts, whose account screen reads and saves
 * through the account's own configuration (shared/resources/accounts.ts), at the same address.
 */
export const adminAccounts = defineResource({
  name: 'admin/accounts',
  permission: 'admin-accounts',
  table: 'accounts',
  scope: 'platform',
  path: 'accounts',
  recordPath: 'accounts/:id',
  fields: accountFields,
  readOnly: ['status', 'subscriptionPlan'],
  answer: accountDetailsSchema,
  actions: ['list', 'create'],
  recordActions: { enable: {}, disable: {}, plan: { method: 'PUT' } },
  sorts: ['name', 'slug', 'subscriptionPlan', 'status', 'createdAt'],
  extraSorts: ['uploadVideoCount', 'pageCount', 'userCount'],
  defaultSort: 'createdAt',
  // The account screen reads and saves through the account's own configuration.
  routeRules: ['show', 'edit'],
  access: PERMISSIONS['admin-accounts'],
  views: ['list', 'create', 'edit'],
  title: 'name',
  menu: 'platformAdmin',
  menuOrder: 2,
  menuLabel: 'app.menu.adminAccounts',
});
