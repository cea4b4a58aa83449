import type { Updateable } from 'kysely';
import type { Db } from '../index';
import type { AccountsTable } from '../types';
import { nowIso } from '../rows';
import { PLAN_LIMITS, type BillingType, type Plan } from '#shared/domain/plans';

type Executor = Pick<Db, 'updateTable'>;

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

/** Only the plan and its limits (a platform admin's choice): the billing columns stay as they are. */
export async function setPlanAndLimits(db: Executor, accountId: string, plan: Plan): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ subscriptionPlan: plan, planLimits: JSON.stringify(PLAN_LIMITS[plan]), updatedAt: nowIso() })
    .where('id', '=', accountId)
    .execute();
}

/** A plan that waits for the period's end (null: none waits), with the period's end when the provider moved it. */
export async function setPendingPlan(
  db: Executor,
  accountId: string,
  pending: { pendingPlan: Plan; pendingBillingType: BillingType | null; currentPeriodEnd?: string },
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({
      pendingPlan: pending.pendingPlan,
      pendingBillingType: pending.pendingBillingType,
      ...(pending.currentPeriodEnd ? { currentPeriodEnd: pending.currentPeriodEnd } : {}),
      updatedAt: nowIso(),
    })
    .where('id', '=', accountId)
    .execute();
}

/** The provider's side of an account: its customer, subscription state, failed payment and newest event applied. */
export type BillingStateChange = Pick<Updateable<AccountsTable>, 'stripeCustomerId' | 'subscriptionStatus' | 'paymentFailedAt' | 'billingEventAt'>;

export async function setBillingState(db: Executor, accountId: string, change: BillingStateChange): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ ...change, updatedAt: nowIso() })
    .where('id', '=', accountId)
    .execute();
}
