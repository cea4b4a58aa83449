import { DELIVER_WEBHOOK_JOB } from '#shared/domain/constants';
import { WEBHOOK_LOG_SIZE, type WebhookDelivery, type WebhookEvent, type WebhookSettings } from '#shared/domain/schemas/webhooks';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { newId, nowIso } from '../db/rows';
import { fieldError, notFound } from '../errors';
import { newWebhookSecret } from '../adapters/webhooks/signature';
import { resolvedProblem } from '../adapters/webhooks/target';
import { accountExists } from '../db/repositories/accounts';
import * as hooks from '../db/repositories/webhooks';

type WebhookDeps = Pick<Deps, 'db' | 'queue' | 'config'>;

/** The account's endpoint, its secret and its last deliveries. */
export async function webhookSettings(db: Db, accountId: string): Promise<WebhookSettings> {
  const hook = await hooks.findWebhook(db, accountId);
  const rows = await hooks.recentWebhookDeliveries(db, accountId, WEBHOOK_LOG_SIZE);
  return {
    url: hook?.url ?? null,
    secret: hook?.secret ?? null,
    deliveries: rows.map((row) => ({
      ...row,
      status: row.status as WebhookDelivery['status'],
      statusCode: row.statusCode === null ? null : Number(row.statusCode),
      attempts: Number(row.attempts),
    })),
  };
}

/** Sets the endpoint (https, public addresses only); the first one gets a new secret. */
export async function saveWebhook(deps: WebhookDeps, accountId: string, url: string): Promise<WebhookSettings> {
  if (!(await accountExists(deps.db, accountId))) throw notFound('account');
  const problem = await resolvedProblem(url, { allowLocal: deps.config.webhooksAllowLocal });
  if (problem) throw fieldError('url', problem.key, problem.args);
  await hooks.upsertWebhook(deps.db, accountId, url, newWebhookSecret());
  return webhookSettings(deps.db, accountId);
}

/** A new secret; the old one stops working at once. */
export async function rotateWebhookSecret(deps: WebhookDeps, accountId: string): Promise<WebhookSettings> {
  if (!(await hooks.setWebhookSecret(deps.db, accountId, newWebhookSecret()))) throw notFound('webhook');
  return webhookSettings(deps.db, accountId);
}

/** No more deliveries; the log stays. */
export async function removeWebhook(deps: WebhookDeps, accountId: string): Promise<WebhookSettings> {
  await hooks.deleteWebhook(deps.db, accountId);
  return webhookSettings(deps.db, accountId);
}

/**
 * Queues an event for the account's endpoint, if it has one: a delivery row (the log) and its
 * job, in `db` (the transaction of the change the event is about). The body is fixed now, so
 * every attempt sends the same one.
 */
async function queueWebhookEvent(deps: Pick<Deps, 'queue'>, db: Db, accountId: string, event: WebhookEvent, data: object): Promise<string | undefined> {
  const hook = await hooks.findWebhook(db, accountId);
  if (!hook) return undefined;
  const id = newId();
  const now = nowIso();
  const body = JSON.stringify({ id, event, createdAt: now, data });
  await hooks.insertWebhookDelivery(db, {
    id,
    accountId,
    event,
    url: hook.url,
    body,
    status: 'pending',
    statusCode: null,
    error: null,
    attempts: 0,
    createdAt: now,
    updatedAt: now,
  });
  await deps.queue.enqueue(DELIVER_WEBHOOK_JOB, { deliveryId: id }, { db });
  return id;
}

/** 'Send test': a webhook.test event through the same queue, signature and log as real ones. */
export async function sendTestWebhook(deps: WebhookDeps, accountId: string): Promise<WebhookSettings> {
  await deps.db.transaction().execute(async (trx) => {
    const id = await queueWebhookEvent(deps, trx, accountId, 'webhook.test', { message: 'A test event from Fan Content Console' });
    if (!id) throw notFound('webhook');
  });
  return webhookSettings(deps.db, accountId);
}

/** What an upload event says about the upload. */
async function uploadEventData(db: Db, uploadIds: string[]): Promise<{ accountId: string; data: object }[]> {
  if (!uploadIds.length) return [];
  const rows = await hooks.uploadEventRows(db, uploadIds);
  return rows.map(({ accountId, ...upload }) => ({
    accountId,
    data: { upload: { ...upload, accountId, duration: upload.duration === null ? null : Number(upload.duration) } },
  }));
}

/** A reel's render is done (its videos are fetched through the API: addresses expire). */
export async function queueReelReady(
  deps: Pick<Deps, 'queue'>,
  db: Db,
  reel: { id: string; accountId: string; name: string; duration: number | null },
): Promise<void> {
  await queueWebhookEvent(deps, db, reel.accountId, 'reel.ready', { reel });
}

/** Queues `event` for each of these uploads (for accounts with an endpoint). */
export async function queueUploadEvents(deps: Pick<Deps, 'queue'>, db: Db, event: WebhookEvent, uploadIds: string[]): Promise<void> {
  for (const { accountId, data } of await uploadEventData(db, uploadIds)) await queueWebhookEvent(deps, db, accountId, event, data);
}
