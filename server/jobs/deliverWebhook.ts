import { z } from 'zod';
import type { Deps } from '../deps';
import { nowIso } from '../db/rows';
import type { JobHandler } from '../adapters/queue';
import { signWebhook } from '../adapters/webhooks/signature';
import { postWebhook } from '../adapters/webhooks/post';
import { resolvedProblem } from '../adapters/webhooks/target';
import { englishMessage } from '../messages';
import { findWebhook, findWebhookDelivery, recordDeliveryAttempt } from '../db/repositories/webhooks';

const payloadSchema = z.object({ deliveryId: z.string().min(1) });

/**
 * 'deliver-webhook': POSTs the delivery's body to the account's endpoint, signed with its
 * current secret and a fresh timestamp. A 2xx answer delivers it; anything else throws, so the
 * queue retries with its backoff, and the last attempt leaves it failed. Each attempt is written
 * to the delivery (the log). A delivered one is never sent again.
 */
export function deliverWebhookHandler(deps: Pick<Deps, 'db' | 'config'>): JobHandler {
  const policy = { allowLocal: deps.config.webhooksAllowLocal };
  return async (payload, job) => {
    const { deliveryId } = payloadSchema.parse(payload);
    const { db } = deps;
    const delivery = await findWebhookDelivery(db, deliveryId);
    if (!delivery || delivery.status === 'delivered') return;
    const hook = await findWebhook(db, delivery.accountId);
    const record = (changes: Parameters<typeof recordDeliveryAttempt>[2]) => recordDeliveryAttempt(db, deliveryId, changes, nowIso());
    if (!hook) {
      await record({ status: 'failed', error: 'The endpoint was removed' });
      return;
    }
    const final = job.attempt >= job.maxAttempts;
    let outcome: { statusCode: number | null; error: string | null };
    const problem = await resolvedProblem(hook.url, policy);
    if (problem) outcome = { statusCode: null, error: englishMessage(problem.key, problem.args) };
    else {
      try {
        const { statusCode } = await postWebhook(
          hook.url,
          delivery.body,
          { 'x-webhook-signature': signWebhook(hook.secret, delivery.body), 'x-webhook-event': delivery.event, 'x-webhook-id': delivery.id },
          policy,
        );
        outcome = { statusCode, error: statusCode >= 200 && statusCode < 300 ? null : `The endpoint answered ${statusCode}` };
      } catch (error) {
        outcome = { statusCode: null, error: error instanceof Error ? error.message : String(error) };
      }
    }
    if (!outcome.error) {
      await record({ status: 'delivered', statusCode: outcome.statusCode, error: null });
      return;
    }
    await record({ status: final ? 'failed' : 'pending', statusCode: outcome.statusCode, error: outcome.error.slice(0, 500) });
    throw new Error(outcome.error);
  };
}
