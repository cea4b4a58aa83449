import {
  accountPlanSchema,
  adminAccountListSchema,
  adminAccountsQuery,
  newAccountSchema,
  type AdminAccountsQuery,
  type NewAccountInput,
} from '#shared/domain/schemas/adminAccounts';
import type { Plan } from '#shared/domain/plans';
import type { AccountStatus } from '#shared/domain/roles';
import type { Db } from '../db';
import { accountRows, findAccountById, updateAccount } from '../db/repositories/accounts';
import { clearNonAdminSessionsAccount } from '../db/repositories/sessions';
import { applyPlan } from '../db/repositories/planWrites';
import { HttpError, orNotFound } from '../errors';
import { createAccount } from '../services/accountCreate';
import { assertMayMailInvitation, createInvitation } from '../services/invitations';
import { accountDetails } from '../services/accountSettings';
import { routeLimits } from '../routes/limits';
import { changeThenAnswer, defineBehaviour, type ResourceContext } from './behaviour';
import type { Account } from '../db/types';

/** Only platform admins act here: they read an account as platform admins do (with its payment customer id). */
const PLATFORM_ADMIN = { type: 'admin' } as const;

/** A route that runs a change on the account, then answers the account as it now is. */
const onAccount = (run: (context: ResourceContext, body: unknown, account: Account) => Promise<unknown>) =>
  changeThenAnswer(
    async (db: Db, id: string) => orNotFound(await findAccountById(db, id), 'account'),
    (context, request, account) => run(context, request.body, account),
  );

/**
 * Enable or disable. A disabled account's members can no longer select it or call its routes
 * (Account Not Active); sessions of members (not platform admins) that had it open lose it, so
 * their next step is choosing an account.
 */
const toStatus = (status: AccountStatus) =>
  onAccount(async ({ deps }, _body, account) => {
    if (account.status === status)
      throw new HttpError(409, 'ConflictError', status === 'enabled' ? 'app.server.accountAlreadyEnabled' : 'app.server.accountAlreadyDisabled');
    await deps.db.transaction().execute(async (trx) => {
      await updateAccount(trx, account.id, { status });
      if (status === 'disabled') await clearNonAdminSessionsAccount(trx, account.id);
    });
  });

/**
 * Every account with its counts of videos, pages and users, searched by name or slug; a new
 * account invites its owner when given one; enabling and disabling refuse the state it is in; a
 * new plan writes the plan's limits (spec section 9).
 */
export const adminAccountsBehaviour = defineBehaviour({
  repository: {
    list: (db, _parent, query) => accountRows(db, query as AdminAccountsQuery),
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
      // The account starts with no members: the owner joins from the invitation's link, or a platform admin invites from the Users tab.
      async handler(request, reply, { deps, actor, answer }) {
        const input = request.body as NewAccountInput;
        if (input.ownerEmail) await assertMayMailInvitation(deps.db, input.ownerEmail);
        const id = await createAccount(deps.db, { name: input.name, slug: input.slug, plan: input.subscriptionPlan });
        if (input.ownerEmail) await createInvitation(deps, { accountId: id, email: input.ownerEmail, role: 'owner', invitedBy: actor });
        return reply.status(201).send(await answer(id));
      },
    },
    enable: { summary: 'Enable an account: its members can select it again', handler: toStatus('enabled') },
    disable: { summary: 'Disable an account: its members can no longer select it or use it', handler: toStatus('disabled') },
    plan: {
      summary: "Move an account to another plan; its limits become the plan's",
      body: accountPlanSchema,
      // The plan and its limits only (a platform admin's choice): the billing columns stay as they are.
      handler: onAccount(({ deps }, body, account) => applyPlan(deps.db, account.id, { plan: (body as { subscriptionPlan: Plan }).subscriptionPlan })),
    },
  },
});
