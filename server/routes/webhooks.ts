import { idParam } from '../../src/domain/schemas/common';
import { webhookSettingsResultSchema, webhookUpdateBody } from '../../src/domain/schemas/webhooks';
import { removeWebhook, rotateWebhookSecret, saveWebhook, sendTestWebhook, webhookSettings } from '../services/webhooks';
import { route, type RouteDef } from './define';

/** An account's signed webhook endpoint (account settings): set, secret, test, delivery log. Account admins only. */
const tags = ['webhooks'];
const MINUTE = 60_000;

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
  route({
    method: 'DELETE',
    url: '/api/accounts/:id/webhook',
    access: { resource: 'webhooks', action: 'edit' },
    summary: 'Remove the endpoint: no more deliveries (the log stays)',
    tags,
    schema: { params: idParam, response: { 200: webhookSettingsResultSchema } },
    async handler(request) {
      return removeWebhook(request.server.deps, request.params.id);
    },
  }),
  route({
    method: 'POST',
    url: '/api/accounts/:id/webhook/secret',
    access: { resource: 'webhooks', action: 'edit' },
    summary: 'A new signing secret; the old one stops working at once',
    tags,
    schema: { params: idParam, response: { 200: webhookSettingsResultSchema } },
    async handler(request) {
      return rotateWebhookSecret(request.server.deps, request.params.id);
    },
  }),
  route({
    method: 'POST',
    url: '/api/accounts/:id/webhook/test',
    access: { resource: 'webhooks', action: 'edit' },
    summary: "Send a signed 'webhook.test' event to the endpoint (it shows in the delivery log)",
    tags,
    rateLimit: { max: 20, timeWindow: 10 * MINUTE },
    schema: { params: idParam, response: { 200: webhookSettingsResultSchema } },
    async handler(request) {
      return sendTestWebhook(request.server.deps, request.params.id);
    },
  }),
];
