import type { Deps } from '../deps';
import { nowIso } from '../db/rows';
import { conflict, notFound } from '../errors';
import { chargedAmount, type OfflineSession } from '../../src/domain/billing';
import type { BillingType, Plan } from '../../src/domain/plans';
import { applyPlan, periodEnd } from './planChanges';
import { returnUrls } from './subscription';

type SessionKind = OfflineSession['kind'];

async function sessionRow(db: Deps['db'], accountId: string, sessionId: string) {
  const row = await db
    .selectFrom('billingSessions')
    .innerJoin('accounts', 'accounts.id', 'billingSessions.accountId')
    .select(['billingSessions.id', 'billingSessions.kind', 'billingSessions.plan', 'billingSessions.billingType', 'billingSessions.status'])
    .select(['accounts.subscriptionPlan', 'accounts.currentPeriodEnd'])
    .where('billingSessions.id', '=', sessionId)
    .where('billingSessions.accountId', '=', accountId)
    .executeTakeFirst();
  if (!row) throw notFound('Plan change');
  return row;
}

/** The offline confirmation page's content: what changes and the amount charged. */
export async function offlineSession({ db }: Pick<Deps, 'db'>, accountId: string, sessionId: string): Promise<OfflineSession> {
  const row = await sessionRow(db, accountId, sessionId);
  const plan = row.plan as Plan;
  const billingType = row.billingType as BillingType;
  return {
    id: row.id,
    kind: row.kind as SessionKind,
    plan,
    billingType,
    amount: row.kind === 'checkout' && plan !== 'enterprise' ? chargedAmount({ plan, billingType }) : null,
    currentPlan: row.subscriptionPlan as Plan,
    status: row.status as OfflineSession['status'],
  };
}

/** Confirm or Cancel on the offline page: answers where the browser goes, as Stripe's flow would. */
export async function finishOfflineSession(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  accountId: string,
  sessionId: string,
  outcome: 'confirm' | 'cancel',
): Promise<{ url: string }> {
  const urls = returnUrls(config.baseUrl);
  return db.transaction().execute(async (trx) => {
    const row = await sessionRow(trx, accountId, sessionId);
    const claimed = await trx
      .updateTable('billingSessions')
      .set({ status: outcome === 'confirm' ? 'confirmed' : 'canceled' })
      .where('id', '=', sessionId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw conflict('This plan change was already confirmed or canceled.');
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
      await trx.updateTable('accounts').set({ paymentFailedAt: null, updatedAt: nowIso() }).where('id', '=', accountId).execute();
      return { url: urls.success };
    }
    // A downgrade keeps the plan to the end of the period paid for.
    if (row.currentPeriodEnd && row.currentPeriodEnd > nowIso()) {
      await trx.updateTable('accounts').set({ pendingPlan: plan, updatedAt: nowIso() }).where('id', '=', accountId).execute();
    } else {
      await applyPlan(trx, accountId, { plan, pendingPlan: null, currentPeriodEnd: null, subscriptionStatus: null });
    }
    return { url: urls.downgrade };
  });
}
