import type { Deps } from '../deps';
import type { Db } from '../db';
import type { Account } from '../db/types';
import { HttpError, conflict, paymentError } from '../errors';
import { PAYMENT_QUERY, SUBSCRIPTION_PATH, isDowngrade, parsePriceId, type SubscriptionChangeInput, type SubscriptionState } from '#shared/domain/billing';
import { PLAN_PRICES } from '#shared/domain/plans';
import type { ReturnUrls } from '../adapters/billing';
import { limitsOf } from './planLimits';
import { applyDuePlanChanges } from './planChanges';
import { findAccountById } from '../db/repositories/accounts';
import { countMembers } from '../db/repositories/accountMembers';
import { countEnabledPages } from '../db/repositories/plans';

export function returnUrls(baseUrl: string): ReturnUrls {
  const plain = `${baseUrl}${SUBSCRIPTION_PATH}`;
  return {
    plain,
    success: `${plain}?${PAYMENT_QUERY}=success`,
    cancel: `${plain}?${PAYMENT_QUERY}=cancel`,
    downgrade: `${plain}?${PAYMENT_QUERY}=downgrade`,
  };
}

function accountRow(db: Db, accountId: string): Promise<Account> {
  return findAccountById(db, accountId, { required: true });
}

/** GET /api/accounts/{id}/subscription: the plan, what waits for the period's end, and usage against the caps. */
export async function subscriptionState(deps: Pick<Deps, 'db' | 'billing'>, accountId: string): Promise<SubscriptionState> {
  const { db } = deps;
  await applyDuePlanChanges(db);
  const [account, limits, pages, users] = await Promise.all([
    accountRow(db, accountId),
    limitsOf(db, accountId),
    countEnabledPages(db, accountId),
    countMembers(db, accountId),
  ]);
  return {
    plan: account.subscriptionPlan,
    billingType: account.billingType,
    provider: deps.billing.name,
    pendingPlan: account.pendingPlan ?? null,
    currentPeriodEnd: account.currentPeriodEnd,
    paymentFailedAt: account.paymentFailedAt,
    hasBillingAccount: deps.billing.name === 'offline' || !!account.stripeCustomerId,
    usage: { pages, users },
    limits: { pages: limits.pages, users: limits.users },
  };
}

/**
 * POST /api/accounts/{id}/subscription {planPriceId}: answers the url the browser goes to
 * (the provider's checkout or confirmation). Pro is 'coming soon' and Enterprise is 'contact
 * sales', so neither can be bought here.
 */
export async function changeSubscription(
  deps: Pick<Deps, 'db' | 'billing' | 'config'>,
  accountId: string,
  user: { id: string; email: string },
  input: SubscriptionChangeInput,
): Promise<{ url: string }> {
  const choice = parsePriceId(input.planPriceId)!;
  const account = await accountRow(deps.db, accountId);
  const current = account.subscriptionPlan;
  if (choice.plan !== 'free' && PLAN_PRICES[choice.plan][choice.billingType] === null) {
    throw conflict('app.server.planComingSoon');
  }
  if (current === 'enterprise') throw conflict('app.server.enterpriseBySales');
  const samePlan = choice.plan === current && (choice.plan === 'free' || choice.billingType === account.billingType);
  if (samePlan && !account.pendingPlan) throw conflict('app.server.alreadyOnPlan');
  // A cheaper plan waits for the end of the period paid for; with none running it is bought like a new one.
  const kind =
    choice.plan === 'free'
      ? 'downgrade'
      : current === 'free'
        ? 'checkout'
        : isDowngrade(current, choice.plan)
          ? deps.billing.hasRunningSubscription(account)
            ? 'downgrade'
            : 'checkout'
          : 'switch';
  if (kind === 'downgrade' && current === 'free') throw conflict('app.server.alreadyOnPlan');
  return providerCall(() => deps.billing.startChange({ account, user, choice, kind, urls: returnUrls(deps.config.baseUrl) }));
}

/** A provider that fails (unreachable, refusing) is the spec's Payment Error, never a 500. */
async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw Object.assign(paymentError(), { cause: err });
  }
}

/** POST /api/accounts/{id}/billing: the provider's billing portal. */
export async function billingPortal(deps: Pick<Deps, 'db' | 'billing' | 'config'>, accountId: string, user: { id: string; email: string }) {
  const account = await accountRow(deps.db, accountId);
  return providerCall(() => deps.billing.portal({ account, user, urls: returnUrls(deps.config.baseUrl) }));
}
