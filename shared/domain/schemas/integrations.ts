import { z } from 'zod';
import { INTEGRATION_ERRORS } from '../integrations';

/** GET /api/accounts/{id}/integrations (DropboxIntegration of ../integrations.ts). */
export const integrationsSchema = z.object({
  dropbox: z.object({
    available: z.boolean(),
    configured: z.boolean(),
    connected: z.boolean(),
    status: z.enum(['connected', 'broken', 'disconnected']),
    error: z.enum(INTEGRATION_ERRORS).nullable(),
    connectedAt: z.string().nullable(),
  }),
});

/** GET /api/accounts/{id}/connect-dropbox: where the browser goes to allow the app. */
export const authorizeUrlSchema = z.object({ url: z.string() });
