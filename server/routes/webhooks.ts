import { webhookSettingsResultSchema, webhookUpdateBody } from '#shared/domain/schemas/webhooks';
import { removeWebhook, rotateWebhookSecret, saveWebhook, sendTestWebhook, webhookSettings } from '../services/webhooks';
import type { RouteDef } from './define';
import { recordRoutes } from './recordRoutes';

/** An account's signed webhook endpoint (account settings): set, secret, test, delivery log. Account admins only. */
const webhook = recordRoutes({ url: '/api/accounts/:id/webhook', resource: 'webhooks', tags: ['webhooks'], answer: webhookSettingsResultSchema });
const MINUTE = 60_000;

export const webhookRoutes: RouteDef[] = [
  webhook.show('The endpoint, its signing secret and the last 20 deliveries (event, status code, attempts, time)', (request) =>
    webhookSettings(request.server.deps.db, request.params.id),
  ),
  webhook.edit('Set the https endpoint (public addresses only; null removes it); the first one gets a signing secret', webhookUpdateBody, (request) => {
    const { deps } = request.server;
    return request.body.url === null ? removeWebhook(deps, request.params.id) : saveWebhook(deps, request.params.id, request.body.url);
  }),
  webhook.change('DELETE', '', 'Remove the endpoint: no more deliveries (the log stays)', (request) => removeWebhook(request.server.deps, request.params.id)),
  webhook.change('POST', '/secret', 'A new signing secret; the old one stops working at once', (request) =>
    rotateWebhookSecret(request.server.deps, request.params.id),
  ),
  webhook.change(
    'POST',
    '/test',
    "Send a signed 'webhook.test' event to the endpoint (it shows in the delivery log)",
    (request) => sendTestWebhook(request.server.deps, request.params.id),
    { max: 20, timeWindow: 10 * MINUTE },
  ),
];
