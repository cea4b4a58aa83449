/** Strings of the webhook section of the account settings. */
export const webhookMessages = {
  title: 'Webhooks',
  intro:
    'We POST upload.received, upload.processed and upload.approved events as JSON to this address, signed in the X-Webhook-Signature header (t=<unix time>,v1=<HMAC-SHA256 of "<t>.<body>"> with the secret below).',
  url: 'Endpoint (https://)',
  save: 'Save endpoint',
  saved: 'Webhook endpoint saved',
  remove: 'Remove endpoint',
  removed: 'Webhook endpoint removed',
  removeTitle: 'Remove the webhook endpoint?',
  removeContent: 'No more events will be sent to %{url}. The delivery log stays.',
  secret: 'Signing secret',
  reveal: 'Show secret',
  hide: 'Hide secret',
  rotate: 'New secret',
  rotated: 'A new secret signs deliveries from now on',
  test: 'Send test',
  tested: 'Test event queued; it shows in the log below',
  log: 'Recent deliveries',
};
