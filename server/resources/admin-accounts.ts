import { accountPlanSchema, adminAccountListSchema, adminAccountsQuery, newAccountSchema, type AdminAccountsQuery, type NewAccountInput } from '#shared/domain/schemas/adminAccounts';
import type { Plan } from '#shared/domain/plans';
import { findAccountById } from '../db/repositories/accounts';
import { createAdminAccount, findAccount, listAdminAccounts, setAccountPlan, setAccountStatus } from '../services/adminAccounts';
import { accountDetails } from '../services/accountSettings';
import { routeLimits } from '../routes/limits';
import { changeThenAnswer, defineBehaviour } from './behaviour';
import type { Account } from '../db/types';

/** Only platform admins act here: they read an account as platform admins do (with its payment customer id). */
const PLATFORM_ADMIN = { type: 'admin' } as const;

/** A route that runs a service on the account, then answers the account as it now is. */
const onAccount = (run: Parameters<typeof changeThenAnswer<Account>>[1]) => changeThenAnswer(findAccount, run);

/**
 * Every account with its counts; a new account invites its owner when given one; enabling and
 * disabling refuse the state it is in (disabling also ends members' sessions in it); a new plan
 * writes the plan's limits.
 */
export const adminAccountsBehaviour = defineBehaviour({
  repository: {
    list: (db, _parent, query) => listAdminAccounts(db, query as AdminAccountsQuery),
    find: async (db, _parent, id) => ((await findAccountById(db, id)) ? accountDetails(db, id, PLATFORM_ADMIN) : undefined),
  },
  notFound: 'app.server.notFound.account',
  routes: {
    list: {
      summary: 'Every account with counts of videos, pages and users (paged, sortable, searched by name or slug, filtered by status and plan)',
      query: adminAccountsQuery,
      response: { 200: adminAccountListSchema },
    },
    create: {
      summary: 'Create an account (name, unique slug, plan); an owner email, when given, is invited as the owner',
      rateLimit: routeLimits.sendsMail,
      body: newAccountSchema,
      async handler(request, reply, { deps, actor, answer }) {
        const id = await createAdminAccount(deps, request.body as NewAccountInput, actor);
        return reply.status(201).send(await answer(id));
      },
    },
    enable: {
      summary: 'Enable an account: its members can select it again',
      handler: onAccount(({ deps }, _request, account) => setAccountStatus(deps.db, account, 'enabled')),
    },
    disable: {
      summary: 'Disable an account: its members can no longer select it or use it',
      handler: onAccount(({ deps }, _request, account) => setAccountStatus(deps.db, account, 'disabled')),
    },
    plan: {
      summary: "Move an account to another plan; its limits become the plan's",
      body: accountPlanSchema,
      handler: onAccount(({ deps }, request, account) => setAccountPlan(deps.db, account, (request.body as { subscriptionPlan: Plan }).subscriptionPlan)),
    },
  },
});
