import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeCall {
  method: string;
  path: string;
  params: URLSearchParams;
}

/**
 * A small local server speaking the Stripe endpoints the billing adapter calls (customers,
 * checkout sessions, portal sessions, subscriptions and their schedules), recording each call. The SDK is pointed at
 * it through STRIPE_API_URL (its host, port and protocol options).
 */
export async function startFakeStripe() {
  const calls: StripeCall[] = [];
  let customers = 0;
  interface FakeSubscription {
    price: string;
    cancel_at_period_end: boolean;
    schedule: string | null;
    metadata: Record<string, string>;
  }
  const subscriptions = new Map<string, FakeSubscription>();
  /** Each schedule: the subscription it manages and its phases as last sent (form fields). */
  const schedules = new Map<string, { subscription: string; phases: URLSearchParams | null; released: boolean }>();
  /** Every subscription's period: now to 30 days on (Stripe gives it on the item in newer API versions). */
  const periodStart = Math.floor(Date.now() / 1000);
  const periodEnd = periodStart + 30 * 86400;
  const subscriptionOf = (id: string) => subscriptions.get(id) ?? { price: 'price_basic_yearly', cancel_at_period_end: false, schedule: null, metadata: {} };
  const subscriptionJson = (id: string, known: FakeSubscription) => ({
    id,
    object: 'subscription',
    status: 'active',
    cancel_at_period_end: known.cancel_at_period_end,
    schedule: known.schedule,
    metadata: known.metadata,
    items: {
      object: 'list',
      data: [{ id: 'si_test_1', object: 'subscription_item', current_period_start: periodStart, current_period_end: periodEnd, price: { id: known.price } }],
    },
  });
  const scheduleJson = (id: string) => {
    const known = schedules.get(id)!;
    return {
      id,
      object: 'subscription_schedule',
      subscription: known.subscription,
      status: known.released ? 'released' : 'active',
      end_behavior: 'release',
      phases: [{ start_date: periodStart, end_date: periodEnd, items: [{ price: subscriptionOf(known.subscription).price, quantity: 1 }] }],
    };
  };
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
        const known = subscriptionOf(id);
        if (req.method === 'POST') {
          if (params.has('items[0][price]') && known.schedule) {
            return send(400, { error: { type: 'invalid_request_error', message: 'The subscription is managed by the subscription schedule' } });
          }
          if (params.has('cancel_at_period_end')) known.cancel_at_period_end = params.get('cancel_at_period_end') === 'true';
          if (params.has('items[0][price]')) known.price = params.get('items[0][price]')!;
          for (const [key, value] of params) {
            const field = /^metadata\[(\w+)\]$/.exec(key)?.[1];
            if (!field) continue;
            if (value === '') delete known.metadata[field];
            else known.metadata[field] = value;
          }
          subscriptions.set(id, known);
        }
        return send(200, subscriptionJson(id, known));
      }
      const schedule = /^\/v1\/subscription_schedules\/([\w-]+)(\/release)?$/.exec(url.pathname);
      if (req.method === 'POST' && url.pathname === '/v1/subscription_schedules') {
        const of = params.get('from_subscription')!;
        const known = subscriptionOf(of);
        if (known.schedule) return send(400, { error: { type: 'invalid_request_error', message: 'The subscription already has a schedule' } });
        const id = `sub_sched_${schedules.size + 1}`;
        schedules.set(id, { subscription: of, phases: null, released: false });
        subscriptions.set(of, { ...known, schedule: id });
        return send(200, scheduleJson(id));
      }
      if (schedule && schedules.has(schedule[1])) {
        const id = schedule[1];
        const known = schedules.get(id)!;
        if (req.method === 'POST' && schedule[2]) {
          known.released = true;
          const managed = subscriptionOf(known.subscription);
          subscriptions.set(known.subscription, { ...managed, schedule: null });
        } else if (req.method === 'POST') {
          known.phases = params;
        }
        return send(200, scheduleJson(id));
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    subscriptions,
    schedules,
    periodEnd,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
