import { z } from 'zod';
import { defineResource } from './define';
import { webhookDeliverySchema } from '../domain/schemas/webhooks';

/**
 * An account's webhook delivery log: rows the server writes (server/services/webhooks.ts) and
 * account admins read, newest first, in Account settings → Webhooks. No create, edit or delete.
 */
export const webhookDeliveries = defineResource({
  name: 'webhook-deliveries',
  table: 'webhook_deliveries',
  scope: 'account',
  actions: ['list', 'show'],
  fields: {
    event: z.string().max(100),
    status: webhookDeliverySchema.shape.status,
    statusCode: z.number().int().min(100).max(599).optional(),
    attempts: z.number().int().min(0),
    error: z.string().optional(),
    url: z.string().max(500),
    body: z.string(),
  },
  sorts: ['createdAt'],
  defaultSort: 'createdAt',
  access: { list: 'admin', show: 'admin' },
  menu: 'none',
  listFields: ['event', 'status', 'statusCode', 'attempts', 'updatedAt'],
});
