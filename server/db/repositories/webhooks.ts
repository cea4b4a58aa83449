import type { Insertable } from 'kysely';
import type { Db } from '..';
import type { WebhookDeliveriesTable } from '../types';
import { nowIso } from '../rows';

/** Accounts' webhook endpoints and the log of their deliveries. */

/** The account's endpoint (its url and current secret), if it has one. */
export function findWebhook(db: Db, accountId: string) {
  return db.selectFrom('webhooks').selectAll().where('accountId', '=', accountId).executeTakeFirst();
}

/** The account's last `limit` deliveries, newest first. */
export function recentWebhookDeliveries(db: Db, accountId: string, limit: number) {
  return db
    .selectFrom('webhookDeliveries')
    .select(['id', 'event', 'status', 'statusCode', 'error', 'attempts', 'createdAt', 'updatedAt'])
    .where('accountId', '=', accountId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Sets the account's endpoint; `secret` is written only when it has none yet. */
export async function upsertWebhook(db: Db, accountId: string, url: string, secret: string): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('webhooks')
    .values({ accountId, url, secret, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('accountId').doUpdateSet({ url, updatedAt: now }))
    .execute();
}

/** A new secret for the account's endpoint; answers false when it has none. */
export async function setWebhookSecret(db: Db, accountId: string, secret: string): Promise<boolean> {
  const result = await db.updateTable('webhooks').set({ secret, updatedAt: nowIso() }).where('accountId', '=', accountId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteWebhook(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('webhooks').where('accountId', '=', accountId).execute();
}

export async function insertWebhookDelivery(db: Db, delivery: Insertable<WebhookDeliveriesTable>): Promise<void> {
  await db.insertInto('webhookDeliveries').values(delivery).execute();
}

export function findWebhookDelivery(db: Db, id: string) {
  return db.selectFrom('webhookDeliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One more attempt of the delivery, with what it came to. */
export async function recordDeliveryAttempt(
  db: Db,
  id: string,
  changes: { status?: string; statusCode?: number | null; error?: string | null },
  now: string,
): Promise<void> {
  await db
    .updateTable('webhookDeliveries')
    .set((eb) => ({ ...changes, attempts: eb('attempts', '+', 1), updatedAt: now }))
    .where('id', '=', id)
    .execute();
}

/** What upload events tell of these uploads. */
export function uploadEventRows(db: Db, uploadIds: string[]) {
  return db
    .selectFrom('uploads')
    .select(['id', 'accountId', 'pageId', 'type', 'encodingStatus', 'moderationStatus', 'duration', 'approvedAt', 'createdAt'])
    .where('id', 'in', uploadIds)
    .execute();
}
