import type { Insertable } from 'kysely';
import type { Db } from '..';
import type { BillingSessionsTable } from '../types';

/** The offline provider's sessions and the payment provider's events. */

export async function insertBillingSession(db: Db, session: Insertable<BillingSessionsTable>): Promise<void> {
  await db.insertInto('billingSessions').values(session).execute();
}

/** A session of the account with what its page shows of the account's plan. */
export function findBillingSession(db: Db, accountId: string, sessionId: string) {
  return db
    .selectFrom('billingSessions')
    .innerJoin('accounts', 'accounts.id', 'billingSessions.accountId')
    .select(['billingSessions.id', 'billingSessions.kind', 'billingSessions.plan', 'billingSessions.billingType', 'billingSessions.status'])
    .select(['accounts.subscriptionPlan', 'accounts.currentPeriodEnd', 'accounts.pendingPlan', 'accounts.pendingBillingType'])
    .select('accounts.billingType as accountBillingType')
    .where('billingSessions.id', '=', sessionId)
    .where('billingSessions.accountId', '=', accountId)
    .executeTakeFirst();
}

/** Settles an open session; answers false when it was no longer open (settled by a racing request). */
export async function settleOpenBillingSession(db: Db, sessionId: string, status: 'confirmed' | 'canceled'): Promise<boolean> {
  const claimed = await db.updateTable('billingSessions').set({ status }).where('id', '=', sessionId).where('status', '=', 'open').executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Records a provider event unless its id already was; answers whether this call recorded it. */
export async function insertBillingEventOnce(db: Db, event: { id: string; type: string; createdAt: string }): Promise<boolean> {
  const fresh = await db
    .insertInto('billingEvents')
    .values({ id: event.id, type: event.type, accountId: null, createdAt: event.createdAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!fresh;
}

export async function setBillingEventAccount(db: Db, eventId: string, accountId: string): Promise<void> {
  await db.updateTable('billingEvents').set({ accountId }).where('id', '=', eventId).execute();
}
