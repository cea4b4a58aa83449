import { idParam } from '#shared/domain/schemas/common';
import { accountPlanSchema, adminAccountListSchema, adminAccountsQuery, newAccountSchema } from '#shared/domain/schemas/adminAccounts';
import { accountDetailsSchema } from '#shared/domain/schemas/context';
import { createAdminAccount, findAccount, listAdminAccounts, setAccountPlan, setAccountStatus } from '../services/adminAccounts';
import { accountDetails } from '../services/accountSettings';
import { accessTo, route, type RouteDef } from './define';
import { routeLimits } from './limits';

/** Platform Accounts (platform-admin.md sections 2 and 7): platform admins only, any account by id. */
const tags = ['platform accounts'];
const access = accessTo('admin-accounts');

const statusRoute = (status: 'enabled' | 'disabled', action: 'enable' | 'disable', summary: string): RouteDef =>
  route({
    method: 'POST',
    url: `/api/accounts/:id/${action}`,
    access: access('edit'),
    summary,
    tags,
    schema: { params: idParam, response: { 200: accountDetailsSchema } },
    async handler(request) {
      const { db } = request.server.deps;
      await setAccountStatus(db, await findAccount(db, request.params.id), status);
      return accountDetails(db, request.params.id, request.auth!.user);
    },
  });

export const adminAccountRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/accounts',
    access: access('list'),
    summary: 'Every account with counts of videos, pages and users (paged, sortable, searched by name or slug, filtered by status and plan)',
    tags,
    schema: { querystring: adminAccountsQuery, response: { 200: adminAccountListSchema } },
    async handler(request) {
      return listAdminAccounts(request.server.deps.db, request.query);
    },
  }),
  route({
    method: 'POST',
    url: '/api/accounts',
    access: access('create'),
    rateLimit: routeLimits.sendsMail,
    summary: 'Create an account (name, unique slug, plan); an owner email, when given, is invited as the owner',
    tags,
    schema: { body: newAccountSchema, response: { 201: accountDetailsSchema } },
    async handler(request, reply) {
      const id = await createAdminAccount(request.server.deps, request.body, request.auth!.user);
      return reply.status(201).send(await accountDetails(request.server.deps.db, id, request.auth!.user));
    },
  }),
  statusRoute('enabled', 'enable', 'Enable an account: its members can select it again'),
  statusRoute('disabled', 'disable', 'Disable an account: its members can no longer select it or use it'),
  route({
    method: 'PUT',
    url: '/api/accounts/:id/plan',
    access: access('edit'),
    summary: "Move an account to another plan; its limits become the plan's",
    tags,
    schema: { params: idParam, body: accountPlanSchema, response: { 200: accountDetailsSchema } },
    async handler(request) {
      const { db } = request.server.deps;
      await setAccountPlan(db, await findAccount(db, request.params.id), request.body.subscriptionPlan);
      return accountDetails(db, request.params.id, request.auth!.user);
    },
  }),
];
