/** The webhook delivery log's strings (resources.webhook-deliveries.*). */
export default {
  name: 'Delivery |||| Deliveries',
  fields: {
    event: 'Event',
    status: 'Status',
    statusCode: 'Code',
    attempts: 'Attempts',
    error: 'Error',
    url: 'Endpoint',
    body: 'Body',
    createdAt: 'Queued',
    updatedAt: 'Time',
  },
  choices: { status: { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' } },
  empty: 'No deliveries yet.',
};
