import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeCall {
  method: string;
  path: string;
  params: URLSearchParams;
}

/**
 * A small local server speaking the Stripe endpoints the billing adapter calls (customers,
 * checkout sessions, portal sessions, subscriptions), recording each call. The SDK is pointed at
 * it through STRIPE_API_URL (its host, port and protocol options).
 */
export async function startFakeStripe() {
  const calls: StripeCall[] = [];
  let customers = 0;
  const subscriptions = new Map<string, { price: string; cancel_at_period_end: boolean }>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      const params = new URLSearchParams(req.method === 'GET' ? url.search : body);
      calls.push({ method: req.method ?? 'GET', path: url.pathname, params });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${calls.length}` });
        res.end(JSON.stringify(json));
      };
      const subscription = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        customers += 1;
        return send(200, { id: `cus_test${customers}`, object: 'customer', email: params.get('email') });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        return send(200, { id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.test/pay/cs_test_1', mode: 'subscription' });
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        return send(200, { id: 'bps_test_1', object: 'billing_portal.session', url: 'https://billing.stripe.test/session/bps_test_1' });
      }
      if (subscription) {
        const id = subscription[1];
        const known = subscriptions.get(id) ?? { price: 'price_basic_yearly', cancel_at_period_end: false };
        if (req.method === 'POST') {
          if (params.has('cancel_at_period_end')) known.cancel_at_period_end = params.get('cancel_at_period_end') === 'true';
          if (params.has('items[0][price]')) known.price = params.get('items[0][price]')!;
          subscriptions.set(id, known);
        }
        return send(200, {
          id,
          object: 'subscription',
          status: 'active',
          cancel_at_period_end: known.cancel_at_period_end,
          items: { object: 'list', data: [{ id: 'si_test_1', object: 'subscription_item', price: { id: known.price } }] },
        });
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
