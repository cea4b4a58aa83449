/** The Dropbox integration: what GET /api/accounts/{id}/integrations answers. */
export const DROPBOX_COPY_JOB = 'dropbox-copy';

/** integrationErr values account configuration is sent back with, each with its message in i18n. */
export const INTEGRATION_ERRORS = ['access_denied', 'invalid_state', 'connect_failed', 'revoked'] as const;
export type IntegrationError = (typeof INTEGRATION_ERRORS)[number];

export interface DropboxIntegration {
  /** The plan includes it (integrationDropbox). */
  available: boolean;
  /** This server has a Dropbox app (DROPBOX_APP_KEY). */
  configured: boolean;
  connected: boolean;
  status: 'connected' | 'broken' | 'disconnected';
  error: IntegrationError | null;
  connectedAt: string | null;
}
