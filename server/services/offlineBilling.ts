import type { Deps } from '../deps';
import { conflict, forbidden, orNotFound } from '../errors';
import { renewalAmount, type OfflineOutcome, type OfflineSession } from '#shared/domain/billing';
import type { BillingType, Plan } from '#shared/domain/plans';
import { applyPlan } from '../db/repositories/planWrites';
import { updateAccount } from '../db/repositories/accounts';
import { findBillingSession, settleOpenBillingSession } from '../db/repositories/billing';
import { periodEnd, scheduleDowngrade } from './planChanges';
import { returnUrls } from './subscription';

type SessionKind = OfflineSession['kind'];

/**
 * Who may open a session: plan changes (checkout, downgrade) are any account admin's; the
 * portal's are the owner's, as POST /billing is (permissions' subscription.billing).
 */
interface SessionCaller {
  mayBill: boolean;
}

async function sessionRow(db: Deps['db'], accountId: string, sessionId: string, caller: SessionCaller) {
  const row = orNotFound(await findBillingSession(db, accountId, sessionId), 'planChange');
  if (row.kind === 'portal' && !caller.mayBill) throw forbidden();
  return row;
}

/** The offline confirmation page's content: what changes and the amount charged. */
export async function offlineSession({ db }: Pick<Deps, 'db'>, accountId: string, sessionId: string, caller: SessionCaller): Promise<OfflineSession> {
  const row = await sessionRow(db, accountId, sessionId, caller);
  const plan = row.plan as Plan;
  const billingType = row.billingType as BillingType;
  const current = { plan: row.subscriptionPlan as Plan, billingType: row.accountBillingType as BillingType };
  const pending = row.pendingPlan
    ? { plan: row.pendingPlan as Plan, billingType: (row.pendingBillingType as BillingType | null) ?? current.billingType }
    : null;
  return {
    id: row.id,
    kind: row.kind as SessionKind,
    plan,
    billingType,
    amount: row.kind === 'checkout' ? renewalAmount({ plan, billingType }) : null,
    currentPlan: current.plan,
    status: row.status as OfflineSession['status'],
    // What the portal shows: the plan's billing type, the period, what waits for its end, the next charge.
    currentBillingType: current.billingType,
    currentPeriodEnd: row.currentPeriodEnd,
    pendingPlan: pending?.plan ?? null,
    renewal: row.currentPeriodEnd ? renewalAmount(pending ?? current) : null,
  };
}

/** Confirm or Cancel on the offline page: answers where the browser goes, as Stripe's flow would. */
export async function finishOfflineSession(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  accountId: string,
  sessionId: string,
  outcome: OfflineOutcome,
  caller: SessionCaller,
): Promise<{ url: string }> {
  const urls = returnUrls(config.baseUrl);
  return db.transaction().execute(async (trx) => {
    const row = await sessionRow(trx, accountId, sessionId, caller);
    if (outcome === 'unsubscribe' && (row.kind !== 'portal' || row.subscriptionPlan === 'free' || row.pendingPlan === 'free')) {
      throw conflict(row.kind !== 'portal' ? 'app.server.cancelFromPortal' : 'app.server.noPaidSubscription');
    }
    if (!(await settleOpenBillingSession(trx, sessionId, outcome === 'confirm' ? 'confirmed' : 'canceled'))) throw conflict('app.server.planChangeSettled');
    const downgrade = async (plan: Plan, billingType: BillingType) => {
      await scheduleDowngrade(trx, { id: accountId, currentPeriodEnd: row.currentPeriodEnd }, { plan, billingType });
      return { url: urls.downgrade };
    };
    // The portal's 'Cancel subscription': Free once the period paid for ends.
    if (outcome === 'unsubscribe') return downgrade('free', row.accountBillingType as BillingType);
    if (row.kind === 'portal') return { url: urls.plain };
    if (outcome === 'cancel') return { url: urls.cancel };
    const plan = row.plan as Plan;
    const billingType = row.billingType as BillingType;
    if (row.kind === 'checkout') {
      await applyPlan(trx, accountId, {
        plan,
        billingType,
        subscriptionStatus: 'active',
        currentPeriodEnd: periodEnd(billingType),
        pendingPlan: null,
      });
      await updateAccount(trx, accountId, { paymentFailedAt: null });
      return { url: urls.success };
    }
    // A downgrade keeps the plan to the end of the period paid for.
    return downgrade(plan, billingType);
  });
}
