import { z } from 'zod';
import { urlField } from './common';
import { takingBackOutput } from './ownOutput';

/** The events an account's endpoint receives ('webhook.test' is what 'Send test' sends). */
export const WEBHOOK_EVENTS = [
  'upload.received',
  'upload.processed',
  'upload.approved',
  'reel.ready',
  'rights.granted',
  'rights.declined',
  'rights.revoked',
  'webhook.test',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** How many deliveries the settings show. */
export const WEBHOOK_LOG_SIZE = 20;

/** Saving the endpoint: an https:// address (the server also refuses private networks); null removes it. */
export const webhookSettingsSchema = z.object({ url: urlField(500).nullable() }).strict();
/** The PUT body: also takes back what GET answered (the secret and the log are read-only). */
export const webhookUpdateBody = takingBackOutput(webhookSettingsSchema, ['secret', 'deliveries']);

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  /** pending (being tried), delivered (2xx), failed (no attempts left). */
  status: z.enum(['pending', 'delivered', 'failed']),
  statusCode: z.number().nullable(),
  error: z.string().nullable(),
  attempts: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The settings as the console shows them; the secret is revealable by those who may edit them. */
export const webhookSettingsResultSchema = z.object({
  url: z.string().nullable(),
  secret: z.string().nullable(),
  deliveries: z.array(webhookDeliverySchema),
});
export type WebhookSettings = z.infer<typeof webhookSettingsResultSchema>;
