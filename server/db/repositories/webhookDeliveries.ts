import type { Db } from '..';

/** The 'deliver-webhook' job's statements: the delivery, its account's endpoint, and each attempt's record (the log). */

export function findWebhookDelivery(db: Db, id: string) {
  return db.selectFrom('webhookDeliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account's endpoint and its current secret. */
export function webhookEndpointOf(db: Db, accountId: string) {
  return db.selectFrom('webhooks').select(['url', 'secret']).where('accountId', '=', accountId).executeTakeFirst();
}

/** One more attempt of the delivery, with what it came to. */
export async function recordDeliveryAttempt(db: Db, id: string, changes: { status?: string; statusCode?: number | null; error?: string | null }, now: string): Promise<void> {
  await db
    .updateTable('webhookDeliveries')
    .set((eb) => ({ ...changes, attempts: eb('attempts', '+', 1), updatedAt: now }))
    .where('id', '=', id)
    .execute();
}
