import type { Db } from '../index';
import { PLAN_LIMITS, type BillingType, type Plan } from '#shared/domain/plans';
import { updateAccount } from './accounts';

interface PlanChange {
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
export async function applyPlan(db: Db, accountId: string, change: PlanChange): Promise<void> {
  await updateAccount(db, accountId, {
    subscriptionPlan: change.plan,
    planLimits: JSON.stringify(PLAN_LIMITS[change.plan]),
    billingType: change.billingType,
    subscriptionStatus: change.subscriptionStatus,
    stripeSubscriptionId: change.stripeSubscriptionId,
    currentPeriodEnd: change.currentPeriodEnd,
    pendingPlan: change.pendingPlan,
    // No plan waiting: no billing type for it either.
    pendingBillingType: change.pendingPlan === null ? null : change.pendingBillingType,
  });
}
