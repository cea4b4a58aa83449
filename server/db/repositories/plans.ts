import type { Db } from '..';
import { countRows } from './paginate';

/** An account's plan as billing reads it: its limits, the downgrades due, the provider's references, usage against the caps. */

/** The stored limits and plan of an account, if there is one. */
export function findAccountPlan(db: Db, accountId: string) {
  return db.selectFrom('accounts').select(['planLimits', 'subscriptionPlan']).where('id', '=', accountId).executeTakeFirst();
}

/** Accounts without a provider subscription whose pending plan's time (`now`, ISO) has come. */
export function findDuePlanChanges(db: Db, now: string) {
  return db
    .selectFrom('accounts')
    .select(['id', 'pendingPlan', 'pendingBillingType'])
    .where('pendingPlan', 'is not', null)
    .where('currentPeriodEnd', '<=', now)
    .where('stripeSubscriptionId', 'is', null)
    .execute();
}

/** The account of a Stripe customer, if any. */
export async function findAccountIdByStripeCustomer(db: Db, customerId: string): Promise<string | undefined> {
  const row = await db.selectFrom('accounts').select('id').where('stripeCustomerId', '=', customerId).executeTakeFirst();
  return row?.id;
}

/** What a Stripe event is weighed against, for an account that must exist. */
export function getStripeState(db: Db, accountId: string) {
  return db.selectFrom('accounts').select(['billingEventAt', 'stripeSubscriptionId', 'paymentFailedAt']).where('id', '=', accountId).executeTakeFirstOrThrow();
}

/** The account's enabled pages, counted against the plan's active pages cap. */
export function countEnabledPages(db: Db, accountId: string): Promise<number> {
  return countRows(db.selectFrom('pages').where('accountId', '=', accountId).where('status', '=', 'enabled'));
}
