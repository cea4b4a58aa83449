import type { Db } from '../db';
import { type BillingType, type Plan } from '#shared/domain/plans';
import { applyPlan } from '../db/repositories/planWrites';
import { updateAccount } from '../db/repositories/accounts';
import { findDuePlanChanges } from '../db/repositories/plans';

/**
 * Downgrades whose period has ended take effect (the offline provider's; Stripe's arrive as
 * webhooks). Cheap: an index search on pending_plan; run on reads of the subscription and hourly.
 */
export async function applyDuePlanChanges(db: Db, now = new Date()): Promise<number> {
  const due = await findDuePlanChanges(db, now.toISOString());
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
  db: Db,
  account: { id: string; currentPeriodEnd: string | null },
  to: { plan: Plan; billingType: BillingType | null },
  now = new Date(),
): Promise<boolean> {
  const billingType = to.plan === 'free' ? null : to.billingType;
  if (account.currentPeriodEnd && account.currentPeriodEnd > now.toISOString()) {
    await updateAccount(db, account.id, { pendingPlan: to.plan, pendingBillingType: billingType });
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
