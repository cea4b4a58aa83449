import type { Db } from '../db';
import { nowIso } from '../db/rows';
import { PLAN_LIMITS, type BillingType, type Plan } from '../../src/domain/plans';

type Executor = Pick<Db, 'updateTable' | 'selectFrom'>;

export interface PlanChange {
  plan: Plan;
  billingType?: BillingType;
  /** The provider's subscription state, when it says so. */
  subscriptionStatus?: string | null;
  stripeSubscriptionId?: string | null;
  currentPeriodEnd?: string | null;
  pendingPlan?: Plan | null;
  /** The billing type the pending plan will be billed by (null: the plan is Free, or none waits). */
  pendingBillingType?: BillingType | null;
}

/**
 * Sets the plan and writes its limits (spec section 9). Nothing is deleted when the new
 * limits are under what the account has: pages keep running, and new ones are refused
 * with the upgrade prompt (server/services/planLimits.ts) until the account is under the cap.
 */
export async function applyPlan(db: Executor, accountId: string, change: PlanChange): Promise<void> {
  await db
    .updateTable('accounts')
    .set({
      subscriptionPlan: change.plan,
      planLimits: JSON.stringify(PLAN_LIMITS[change.plan]),
      ...(change.billingType ? { billingType: change.billingType } : {}),
      ...(change.subscriptionStatus !== undefined ? { subscriptionStatus: change.subscriptionStatus } : {}),
      ...(change.stripeSubscriptionId !== undefined ? { stripeSubscriptionId: change.stripeSubscriptionId } : {}),
      ...(change.currentPeriodEnd !== undefined ? { currentPeriodEnd: change.currentPeriodEnd } : {}),
      ...(change.pendingPlan !== undefined ? { pendingPlan: change.pendingPlan } : {}),
      ...(change.pendingBillingType !== undefined
        ? { pendingBillingType: change.pendingBillingType }
        : change.pendingPlan === null
          ? { pendingBillingType: null }
          : {}),
      updatedAt: nowIso(),
    })
    .where('id', '=', accountId)
    .execute();
}

/**
 * Downgrades whose period has ended take effect (the offline provider's; Stripe's arrive as
 * webhooks). Cheap: an index search on pending_plan; run on reads of the subscription and hourly.
 */
export async function applyDuePlanChanges(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .selectFrom('accounts')
    .select(['id', 'pendingPlan', 'pendingBillingType'])
    .where('pendingPlan', 'is not', null)
    .where('currentPeriodEnd', '<=', now.toISOString())
    .where('stripeSubscriptionId', 'is', null)
    .execute();
  for (const row of due) {
    const plan = row.pendingPlan;
    if (!plan) continue;
    const billingType = row.pendingBillingType ?? undefined;
    // A cheaper paid plan starts its own period; Free has none.
    await applyPlan(db, row.id, {
      plan,
      billingType,
      pendingPlan: null,
      currentPeriodEnd: plan === 'free' || !billingType ? null : periodEnd(billingType, now),
      subscriptionStatus: plan === 'free' ? null : 'active',
    });
  }
  return due.length;
}

/**
 * A downgrade (to Free or to a cheaper paid plan): the account keeps its plan and limits until
 * the period paid for ends, then the plan changes (applyDuePlanChanges, or the provider's webhook).
 * With no period running it takes effect now. Answers whether it waits.
 */
export async function scheduleDowngrade(
  db: Executor,
  account: { id: string; currentPeriodEnd: string | null },
  to: { plan: Plan; billingType: BillingType | null },
  now = new Date(),
): Promise<boolean> {
  const billingType = to.plan === 'free' ? null : to.billingType;
  if (account.currentPeriodEnd && account.currentPeriodEnd > now.toISOString()) {
    await db
      .updateTable('accounts')
      .set({ pendingPlan: to.plan, pendingBillingType: billingType, updatedAt: nowIso() })
      .where('id', '=', account.id)
      .execute();
    return true;
  }
  await applyPlan(db, account.id, {
    plan: to.plan,
    ...(billingType ? { billingType } : {}),
    pendingPlan: null,
    currentPeriodEnd: billingType ? periodEnd(billingType, now) : null,
    subscriptionStatus: billingType ? 'active' : null,
  });
  return false;
}

/** The end of a billing period that starts now. */
export function periodEnd(billingType: BillingType, from = new Date()): string {
  const end = new Date(from);
  if (billingType === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end.toISOString();
}
