/** Strings of the Dropbox integration on account configuration. */
export const integrationsMessages = {
  title: 'Dropbox',
  text: 'Approved fan uploads are copied to the Dropbox app folder, one folder per page.',
  connect: 'Connect Dropbox',
  disconnect: 'Disconnect Dropbox',
  connected: 'Connected to Dropbox.',
  justConnected: 'Dropbox connected. Approved uploads will be copied to it.',
  disconnected: 'Dropbox disconnected.',
  notConfigured: 'Dropbox is not set up on this server.',
  failed: 'Dropbox could not be reached. Please try again.',
  errors: {
    access_denied: 'Dropbox was not connected: access was not allowed.',
    invalid_state: 'Dropbox was not connected: the connection request expired or was not started here. Please try again.',
    connect_failed: 'Dropbox was not connected: Dropbox did not confirm the connection. Please try again.',
    unknown: 'Dropbox was not connected: the integration failed (error code %{code}). Please try again.',
    revoked: 'The Dropbox connection no longer works (access was removed in Dropbox). Uploads are not being copied. Connect Dropbox again.',
  },
};
