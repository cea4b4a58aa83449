import { z } from 'zod';
import { defineResource } from './define';
import { PERMISSIONS } from '../domain/permissions';
import { PLANS } from '../domain/plans';
import { ACCOUNT_STATUSES } from '../domain/roles';
import { accountDetailsSchema } from '../domain/schemas/context';

/** An account's own columns both account declarations read; its answer is the configuration's. */
export const accountFields = {
  name: z.string(),
  slug: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  subscriptionPlan: z.enum(PLANS),
};

/**
 * The account's own configuration (console.md: Account settings → Configuration): one record per
 * account, the account itself, at /api/accounts/:id. Members read it; users save colours, links,
 * texts and images; platform admins also its name, slug and CSS (server/resources/accounts.ts).
 */
export const accounts = defineResource({
  name: 'accounts',
  table: 'accounts',
  scope: 'account',
  // The account is its own parent: its record is the account the path names.
  parent: { table: 'accounts', column: 'id', path: 'accounts', missing: 'account' },
  recordPath: 'accounts/:id',
  fields: accountFields,
  readOnly: ['status', 'subscriptionPlan'],
  answer: accountDetailsSchema,
  actions: ['show', 'edit'],
  sorts: ['createdAt'],
  defaultSort: 'createdAt',
  access: PERMISSIONS.accounts,
  views: false,
  menu: 'none',
  menuLabel: 'app.menu.configuration',
});
