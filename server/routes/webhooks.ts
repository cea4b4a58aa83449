import type { FastifyInstance } from 'fastify';
import { idParam } from '#shared/domain/schemas/common';
import { webhookSettingsResultSchema, webhookUpdateBody, type WebhookSettings } from '#shared/domain/schemas/webhooks';
import { removeWebhook, rotateWebhookSecret, saveWebhook, sendTestWebhook, webhookSettings } from '../services/webhooks';
import { route, type RouteDef } from './define';

/** An account's signed webhook endpoint (account settings): set, secret, test, delivery log. Account admins only. */
const tags = ['webhooks'];
const MINUTE = 60_000;

/** An action on the endpoint with no body (remove, new secret, test): account admins; answers the settings. */
function endpointAction(
  method: 'POST' | 'DELETE',
  path: string,
  summary: string,
  action: (deps: FastifyInstance['deps'], accountId: string) => Promise<WebhookSettings>,
  rateLimit?: { max: number; timeWindow: number },
): RouteDef {
  return route({
    method,
    url: `/api/accounts/:id/webhook${path}`,
    access: { resource: 'webhooks', action: 'edit' },
    summary,
    tags,
    ...(rateLimit ? { rateLimit } : {}),
    schema: { params: idParam, response: { 200: webhookSettingsResultSchema } },
    async handler(request) {
      return action(request.server.deps, request.params.id);
    },
  });
}

export const webhookRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/accounts/:id/webhook',
    access: { resource: 'webhooks', action: 'show' },
    summary: 'The endpoint, its signing secret and the last 20 deliveries (event, status code, attempts, time)',
    tags,
    schema: { params: idParam, response: { 200: webhookSettingsResultSchema } },
    async handler(request) {
      return webhookSettings(request.server.deps.db, request.params.id);
    },
  }),
  route({
    method: 'PUT',
    url: '/api/accounts/:id/webhook',
    access: { resource: 'webhooks', action: 'edit' },
    summary: 'Set the https endpoint (public addresses only; null removes it); the first one gets a signing secret',
    tags,
    schema: { params: idParam, body: webhookUpdateBody, response: { 200: webhookSettingsResultSchema } },
    async handler(request) {
      const { deps } = request.server;
      return request.body.url === null ? removeWebhook(deps, request.params.id) : saveWebhook(deps, request.params.id, request.body.url);
    },
  }),
  endpointAction('DELETE', '', 'Remove the endpoint: no more deliveries (the log stays)', removeWebhook),
  endpointAction('POST', '/secret', 'A new signing secret; the old one stops working at once', rotateWebhookSecret),
  endpointAction('POST', '/test', "Send a signed 'webhook.test' event to the endpoint (it shows in the delivery log)", sendTestWebhook, {
    max: 20,
    timeWindow: 10 * MINUTE,
  }),
];
