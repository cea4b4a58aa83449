import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createPage } from '../../server/services/pages';
import { applyPlan } from '../../server/db/repositories/planWrites';
import { applyDuePlanChanges } from '../../server/services/planChanges';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';
import { startFakeStripe } from './fakeStripe';

const WEBHOOK_SECRET = 'whsec_test_secret';
const PRICES = { basic_yearly: 'price_basic_yearly', basic_monthly: 'price_basic_monthly', pro_yearly: 'price_pro_yearly' };

describe.each(testDatabases)('subscription with the offline provider on $name', (kind) => {
  let t: TestApp;
  let owner: string;
  let team: string;
  let band: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ team, band } = await demoAccounts(t.db));
    owner = await signIn(t.app, 'owner@example.com');
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload?: unknown, cookie = owner) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const state = async (cookie = owner) => (await t.app.inject({ method: 'GET', url: `/api/accounts/${team}/subscription`, headers: { cookie } })).json();
  const sessionPath = (url: string) => new URL(url).pathname.split('/').pop()!;

  it('refuses price ids that are not a plan and a billing type, and plans that cannot be bought', async () => {
    for (const planPriceId of ['basic', 'gold_plan', 'basic_weekly', '', 'basic_plan_x']) {
      const response = await post(`/api/accounts/${team}/subscription`, { planPriceId });
      expect(response.statusCode, planPriceId).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    expect((await post(`/api/accounts/${team}/subscription`, {})).statusCode).toBe(400);
    const pro = await post(`/api/accounts/${team}/subscription`, { planPriceId: 'pro_plan' });
    expect(pro.statusCode).toBe(409);
    expect(pro.json().message).toMatch(/coming soon/);
    const same = await post(`/api/accounts/${team}/subscription`, { planPriceId: 'free_plan' });
    expect(same.statusCode).toBe(409);
  });

  it('lets account admins and owners change the plan, only owners open the billing portal; other members read it', async () => {
    const user = await signIn(t.app, 'user@example.com');
    expect((await post(`/api/accounts/${band}/subscription`, { planPriceId: 'basic_plan' }, user)).statusCode).toBe(403);
    expect((await post(`/api/accounts/${band}/billing`, undefined, user)).statusCode).toBe(403);
    const admin = await signIn(t.app, 'sam@example.com');
    const change = await post(`/api/accounts/${band}/subscription`, { planPriceId: 'basic_plan' }, admin);
    expect(change.statusCode).toBe(200);
    const changeSession = new URL(change.json().url as string).pathname.split('/').pop()!;
    const seen = await t.app.inject({ method: 'GET', url: `/api/accounts/${band}/billing-sessions/${changeSession}`, headers: { cookie: admin } });
    expect(seen.statusCode).toBe(200);
    expect((await post(`/api/accounts/${band}/billing-sessions/${changeSession}/cancel`, undefined, admin)).statusCode).toBe(200);
    expect((await post(`/api/accounts/${band}/billing`, undefined, admin)).statusCode).toBe(403);
    // The owner's portal session is the owner's even when an admin learns its address.
    const portal = await post(`/api/accounts/${band}/billing`);
    expect(portal.statusCode).toBe(200);
    const portalSession = new URL(portal.json().url as string).pathname.split('/').pop()!;
    expect((await t.app.inject({ method: 'GET', url: `/api/accounts/${band}/billing-sessions/${portalSession}`, headers: { cookie: admin } })).statusCode).toBe(
      403,
    );
    expect((await post(`/api/accounts/${band}/billing-sessions/${portalSession}/unsubscribe`, undefined, admin)).statusCode).toBe(403);
    const read = await t.app.inject({ method: 'GET', url: `/api/accounts/${band}/subscription`, headers: { cookie: user } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ plan: 'pro', provider: 'offline' });
  });

  it('upgrades Free to Basic yearly through the confirmation page, with the amount and the success return value', async () => {
    const start = await post(`/api/accounts/${team}/subscription`, { planPriceId: 'basic_plan' });
    expect(start.statusCode).toBe(200);
    const url: string = start.json().url;
    expect(url).toMatch(/^http:\/\/localhost:3000\/account-settings\/subscription\/confirm\//);
    const id = sessionPath(url);
    const session = await t.app.inject({ method: 'GET', url: `/api/accounts/${team}/billing-sessions/${id}`, headers: { cookie: owner } });
    expect(session.json()).toMatchObject({ kind: 'checkout', plan: 'basic', billingType: 'yearly', amount: 240, currentPlan: 'free', status: 'open' });
    // Nothing changes until confirmed.
    expect((await state()).plan).toBe('free');
    const confirmed = await post(`/api/accounts/${team}/billing-sessions/${id}/confirm`);
    expect(confirmed.json().url).toBe('http://localhost:3000/account-settings/subscription?payment=success');
    expect(await state()).toMatchObject({ plan: 'basic', billingType: 'yearly', pendingPlan: null, limits: { pages: 5, users: 5 } });
    // A confirmation is used once.
    expect((await post(`/api/accounts/${team}/billing-sessions/${id}/confirm`)).statusCode).toBe(409);
    // Another account's session is not found through this one.
    expect((await post(`/api/accounts/${band}/billing-sessions/${id}/cancel`)).statusCode).toBe(404);
  });

  it('answers Payment Canceled when the confirmation is canceled, and changes nothing', async () => {
    const start = await post(`/api/accounts/${team}/subscription`, { planPriceId: 'basic_monthly' });
    const canceled = await post(`/api/accounts/${team}/billing-sessions/${sessionPath(start.json().url)}/cancel`);
    expect(canceled.json().url).toBe('http://localhost:3000/account-settings/subscription?payment=cancel');
    expect(await state()).toMatchObject({ plan: 'basic', billingType: 'yearly' });
  });

  it('downgrades at the end of the period and deletes nothing over the new caps', async () => {
    // Three active pages on Basic.
    for (const name of ['Cup Final', 'Youth Day']) {
      const page = await createPage(t.db, team, name);
      expect((await post(`/api/pages/${page.id}/enable`)).statusCode).toBe(200);
    }
    const start = await post(`/api/accounts/${team}/subscription`, { planPriceId: 'free_plan' });
    const id = sessionPath(start.json().url);
    const session = await t.app.inject({ method: 'GET', url: `/api/accounts/${team}/billing-sessions/${id}`, headers: { cookie: owner } });
    expect(session.json()).toMatchObject({ kind: 'downgrade', plan: 'free', amount: null });
    const done = await post(`/api/accounts/${team}/billing-sessions/${id}/confirm`);
    expect(done.json().url).toBe('http://localhost:3000/account-settings/subscription?payment=downgrade');
    const waiting = await state();
    expect(waiting).toMatchObject({ plan: 'basic', pendingPlan: 'free' });
    expect(waiting.currentPeriodEnd > new Date().toISOString()).toBe(true);

    await applyDuePlanChanges(t.db, new Date(Date.parse(waiting.currentPeriodEnd) + 1000));
    const after = await state();
    expect(after).toMatchObject({ plan: 'free', pendingPlan: null, limits: { pages: 1 } });
    expect(after.usage.pages).toBeGreaterThanOrEqual(3);
    // A new page is refused with the upgrade prompt until the account is under the cap.
    const extra = await createPage(t.db, team, 'One Too Many');
    const refused = await post(`/api/pages/${extra.id}/enable`);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toMatch(/upgrade/);
  });

  it('downgrades Pro to Basic at the end of a running period, and sells Basic outright when no period runs', async () => {
    const end = new Date(Date.now() + 5 * 86400_000).toISOString();
    await applyPlan(t.db, team, { plan: 'pro', billingType: 'yearly', currentPeriodEnd: end, subscriptionStatus: 'active', pendingPlan: null });
    const start = await post(`/api/accounts/${team}/subscription`, { planPriceId: 'basic_monthly' });
    const id = sessionPath(start.json().url);
    const session = await t.app.inject({ method: 'GET', url: `/api/accounts/${team}/billing-sessions/${id}`, headers: { cookie: owner } });
    expect(session.json()).toMatchObject({ kind: 'downgrade', plan: 'basic', billingType: 'monthly', amount: null, currentPlan: 'pro' });
    expect((await post(`/api/accounts/${team}/billing-sessions/${id}/confirm`)).json().url).toBe(
      'http://localhost:3000/account-settings/subscription?payment=downgrade',
    );
    expect(await state()).toMatchObject({ plan: 'pro', pendingPlan: 'basic', currentPeriodEnd: end, limits: { pages: 7 } });
    await applyDuePlanChanges(t.db, new Date(Date.parse(end) + 1000));
    const after = await state();
    expect(after).toMatchObject({ plan: 'basic', billingType: 'monthly', pendingPlan: null, limits: { pages: 5 } });
    expect(after.currentPeriodEnd > end).toBe(true);

    // Pro set by sales with no period paid here: Basic is bought like a new plan.
    await applyPlan(t.db, team, { plan: 'pro', currentPeriodEnd: null, pendingPlan: null });
    const bought = await post(`/api/accounts/${team}/subscription`, { planPriceId: 'basic_plan' });
    const checkout = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${team}/billing-sessions/${sessionPath(bought.json().url)}`,
      headers: { cookie: owner },
    });
    expect(checkout.json()).toMatchObject({ kind: 'checkout', plan: 'basic', amount: 240 });
  });

  it('opens a billing portal of our own: plan, period, next charge, and Cancel subscription to Free at the period end', async () => {
    const end = new Date(Date.now() + 20 * 86400_000).toISOString();
    await applyPlan(t.db, team, { plan: 'basic', billingType: 'yearly', currentPeriodEnd: end, subscriptionStatus: 'active', pendingPlan: null });
    const open = async () => sessionPath((await post(`/api/accounts/${team}/billing`)).json().url);
    const id = await open();
    const portal = await t.app.inject({ method: 'GET', url: `/api/accounts/${team}/billing-sessions/${id}`, headers: { cookie: owner } });
    expect(portal.json()).toMatchObject({
      kind: 'portal',
      currentPlan: 'basic',
      currentBillingType: 'yearly',
      currentPeriodEnd: end,
      pendingPlan: null,
      renewal: 240,
    });
    // Back to the console changes nothing.
    expect((await post(`/api/accounts/${team}/billing-sessions/${id}/confirm`)).json().url).toBe('http://localhost:3000/account-settings/subscription');
    expect(await state()).toMatchObject({ plan: 'basic', pendingPlan: null });

    const second = await open();
    // 'Cancel subscription' only from the portal.
    const change = sessionPath((await post(`/api/accounts/${team}/subscription`, { planPriceId: 'basic_monthly' })).json().url);
    expect((await post(`/api/accounts/${team}/billing-sessions/${change}/unsubscribe`)).statusCode).toBe(409);
    const canceled = await post(`/api/accounts/${team}/billing-sessions/${second}/unsubscribe`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().url).toBe('http://localhost:3000/account-settings/subscription?payment=downgrade');
    expect(await state()).toMatchObject({ plan: 'basic', pendingPlan: 'free', currentPeriodEnd: end });
    const third = await open();
    expect((await t.app.inject({ method: 'GET', url: `/api/accounts/${team}/billing-sessions/${third}`, headers: { cookie: owner } })).json()).toMatchObject({
      pendingPlan: 'free',
      renewal: null,
    });
    expect((await post(`/api/accounts/${team}/billing-sessions/${third}/unsubscribe`)).statusCode).toBe(409);
  });
});

describe.each(testDatabases)('subscription with Stripe on $name', (kind) => {
  let t: TestApp;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let owner: string;
  let team: string;
  let clock = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp(kind, {
      config: { billing: { provider: 'stripe', stripe: { secretKey: 'sk_test_local', webhookSecret: WEBHOOK_SECRET, prices: PRICES, apiUrl: stripe.url } } },
    });
    ({ team } = await demoAccounts(t.db));
    owner = await signIn(t.app, 'owner@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const account = () => t.db.selectFrom('accounts').selectAll().where('id', '=', team).executeTakeFirstOrThrow();

  function send(event: { id: string; type: string; object: Record<string, unknown>; created?: number }, secret = WEBHOOK_SECRET, timestamp?: number) {
    clock += 1;
    const payload = JSON.stringify({ id: event.id, object: 'event', type: event.type, created: event.created ?? clock, data: { object: event.object } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
    return t.app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
  }

  it('sends a new subscription to Checkout with the configured price, keeping the customer on the account', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${team}/subscription`,
      headers: { cookie: owner },
      payload: { planPriceId: 'basic_plan' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toBe('https://checkout.stripe.test/pay/cs_test_1');
    const checkout = stripe.calls.find((call) => call.path === '/v1/checkout/sessions')!;
    expect(checkout.params.get('line_items[0][price]')).toBe('price_basic_yearly');
    expect(checkout.params.get('success_url')).toBe('http://localhost:3000/account-settings/subscription?payment=success');
    expect(checkout.params.get('cancel_url')).toBe('http://localhost:3000/account-settings/subscription?payment=cancel');
    expect(checkout.params.get('customer')).toBe('cus_test1');
    expect((await account()).stripeCustomerId).toBe('cus_test1');
    // Monthly is its own price.
    await t.app.inject({ method: 'POST', url: `/api/accounts/${team}/subscription`, headers: { cookie: owner }, payload: { planPriceId: 'basic_monthly' } });
    expect(
      stripe.calls
        .filter((call) => call.path === '/v1/checkout/sessions')
        .at(-1)!
        .params.get('line_items[0][price]'),
    ).toBe('price_basic_monthly');
    expect(stripe.calls.filter((call) => call.path === '/v1/customers')).toHaveLength(1);
  });

  it('opens the Customer Portal returning to the subscription screen', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/accounts/${team}/billing`, headers: { cookie: owner } });
    expect(response.json().url).toBe('https://billing.stripe.test/session/bps_test_1');
    expect(stripe.calls.at(-1)!.params.get('return_url')).toBe('http://localhost:3000/account-settings/subscription');
  });

  it('refuses forged and stale signatures and changes nothing', async () => {
    const completed = {
      id: 'evt_forged',
      type: 'checkout.session.completed',
      object: {
        object: 'checkout.session',
        mode: 'subscription',
        customer: 'cus_test1',
        subscription: 'sub_1',
        client_reference_id: team,
        metadata: { plan: 'basic', billingType: 'yearly' },
      },
    };
    const forged = await send(completed, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    const stale = await send({ ...completed, id: 'evt_stale' }, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600);
    expect(stale.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: { id: 'evt_x' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await account()).subscriptionPlan).toBe('free');
  });

  it('sets the plan and its limits when checkout completes, once per event id', async () => {
    const completed = {
      id: 'evt_checkout_1',
      type: 'checkout.session.completed',
      object: {
        object: 'checkout.session',
        mode: 'subscription',
        customer: 'cus_test1',
        subscription: 'sub_1',
        client_reference_id: team,
        metadata: { accountId: team, plan: 'basic', billingType: 'yearly' },
      },
    };
    expect((await send(completed)).json()).toEqual({ received: true });
    const row = await account();
    expect(row).toMatchObject({ subscriptionPlan: 'basic', billingType: 'yearly', stripeSubscriptionId: 'sub_1' });
    expect(JSON.parse(row.planLimits as string).pages).toBe(5);
    // Replayed: answered, not applied again (a platform admin's change in between stays).
    await t.db.updateTable('accounts').set({ billingType: 'monthly' }).where('id', '=', team).execute();
    const replay = await send(completed);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect((await account()).billingType).toBe('monthly');
    await t.db.updateTable('accounts').set({ billingType: 'yearly' }).where('id', '=', team).execute();
  });

  it('downgrades at the period end: a cancellation waits, an older event arriving late is not applied over it', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${team}/subscription`,
      headers: { cookie: owner },
      payload: { planPriceId: 'free_plan' },
    });
    expect(start.json().url).toBe('http://localhost:3000/account-settings/subscription?payment=downgrade');
    expect(stripe.calls.at(-1)).toMatchObject({ method: 'POST', path: '/v1/subscriptions/sub_1' });
    expect(stripe.calls.at(-1)!.params.get('cancel_at_period_end')).toBe('true');
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86400;
    const subscription = (cancel: boolean) => ({
      object: 'subscription',
      id: 'sub_1',
      customer: 'cus_test1',
      status: 'active',
      cancel_at_period_end: cancel,
      items: { data: [{ id: 'si_1', current_period_end: periodEnd, price: { id: 'price_basic_yearly' } }] },
    });
    const newer = clock + 100;
    await send({ id: 'evt_sub_new', type: 'customer.subscription.updated', object: subscription(true), created: newer });
    expect(await account()).toMatchObject({ subscriptionPlan: 'basic', pendingPlan: 'free', currentPeriodEnd: new Date(periodEnd * 1000).toISOString() });
    // Out of order: an update made before the cancellation arrives after it.
    const late = await send({ id: 'evt_sub_old', type: 'customer.subscription.updated', object: subscription(false), created: newer - 50 });
    expect(late.statusCode).toBe(200);
    expect((await account()).pendingPlan).toBe('free');
    // The period ends: Stripe deletes the subscription.
    await send({ id: 'evt_sub_deleted', type: 'customer.subscription.deleted', object: { ...subscription(true), status: 'canceled' }, created: newer + 10 });
    const row = await account();
    expect(row).toMatchObject({ subscriptionPlan: 'free', pendingPlan: null, stripeSubscriptionId: null });
    expect(JSON.parse(row.planLimits as string).pages).toBe(1);
  });

  it('downgrades a paid plan to a cheaper one at the period end through a subscription schedule, keeping the plan and limits until then', async () => {
    // Pro, billed by Stripe (set up by sales; Pro is not sold online yet).
    stripe.subscriptions.set('sub_pro', { price: 'price_pro_yearly', cancel_at_period_end: false, schedule: null, metadata: {} });
    await t.db
      .updateTable('accounts')
      .set({
        subscriptionPlan: 'pro',
        billingType: 'yearly',
        planLimits: JSON.stringify({ ...JSON.parse((await account()).planLimits as string), pages: 7, users: 7 }),
        stripeSubscriptionId: 'sub_pro',
        currentPeriodEnd: null,
      })
      .where('id', '=', team)
      .execute();
    const choose = (planPriceId: string) =>
      t.app.inject({ method: 'POST', url: `/api/accounts/${team}/subscription`, headers: { cookie: owner }, payload: { planPriceId } });
    const since = stripe.calls.length;
    const start = await choose('basic_plan');
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().url).toBe('http://localhost:3000/account-settings/subscription?payment=downgrade');
    const made = stripe.calls.slice(since);
    expect(made.find((call) => call.path === '/v1/subscription_schedules')!.params.get('from_subscription')).toBe('sub_pro');
    const phases = made.find((call) => call.path === '/v1/subscription_schedules/sub_sched_1')!.params;
    expect(phases.get('phases[0][items][0][price]')).toBe('price_pro_yearly');
    expect(phases.get('phases[0][end_date]')).toBe(String(stripe.periodEnd));
    expect(phases.get('phases[1][items][0][price]')).toBe('price_basic_yearly');
    expect(phases.get('proration_behavior')).toBe('none');
    expect(phases.get('end_behavior')).toBe('release');
    // Nothing is charged or changed now: Pro and its limits stay to the period's end.
    const read = async () => (await t.app.inject({ method: 'GET', url: `/api/accounts/${team}/subscription`, headers: { cookie: owner } })).json();
    expect(await read()).toMatchObject({
      plan: 'pro',
      pendingPlan: 'basic',
      currentPeriodEnd: new Date(stripe.periodEnd * 1000).toISOString(),
      limits: { pages: 7 },
    });
    expect(stripe.subscriptions.get('sub_pro')).toMatchObject({ price: 'price_pro_yearly', metadata: { pendingPlan: 'basic', pendingBillingType: 'yearly' } });

    // Another cheaper price reuses the schedule.
    await choose('basic_monthly');
    expect(stripe.schedules.size).toBe(1);
    expect(
      stripe.calls
        .filter((call) => call.path === '/v1/subscription_schedules/sub_sched_1')
        .at(-1)!
        .params.get('phases[1][items][0][price]'),
    ).toBe('price_basic_monthly');

    // Free instead: the schedule is released before the subscription is canceled at the period's end.
    const beforeFree = stripe.calls.length;
    await choose('free_plan');
    const paths = stripe.calls.slice(beforeFree).map((call) => `${call.method} ${call.path}`);
    expect(paths.indexOf('POST /v1/subscription_schedules/sub_sched_1/release')).toBeLessThan(paths.lastIndexOf('POST /v1/subscriptions/sub_pro'));
    expect(stripe.subscriptions.get('sub_pro')).toMatchObject({ cancel_at_period_end: true, schedule: null });
    expect(await read()).toMatchObject({ plan: 'pro', pendingPlan: 'free' });

    // And back to Basic monthly: the cancellation is withdrawn and a new schedule made.
    await choose('basic_monthly');
    expect(stripe.subscriptions.get('sub_pro')).toMatchObject({
      cancel_at_period_end: false,
      schedule: 'sub_sched_2',
      metadata: { pendingPlan: 'basic', pendingBillingType: 'monthly' },
    });
    expect(await read()).toMatchObject({ plan: 'pro', pendingPlan: 'basic' });
  });

  it("moves the plan when Stripe's schedule reaches the cheaper price at the renewal", async () => {
    const subscription = (price: string, metadata: Record<string, string>, end: number) => ({
      object: 'subscription',
      id: 'sub_pro',
      customer: 'cus_test1',
      status: 'active',
      cancel_at_period_end: false,
      schedule: 'sub_sched_2',
      metadata,
      items: { data: [{ id: 'si_1', current_period_end: end, price: { id: price } }] },
    });
    // Before the renewal Stripe still says Pro, with the cheaper plan waiting (events newer than the ones above).
    const at = clock + 1000;
    await t.db.updateTable('accounts').set({ pendingPlan: null, pendingBillingType: null }).where('id', '=', team).execute();
    await send({
      id: 'evt_sched_wait',
      type: 'customer.subscription.updated',
      object: subscription('price_pro_yearly', { pendingPlan: 'basic', pendingBillingType: 'monthly' }, stripe.periodEnd),
      created: at,
    });
    expect(await account()).toMatchObject({ subscriptionPlan: 'pro', pendingPlan: 'basic', pendingBillingType: 'monthly' });
    // The renewal: the second phase's price and metadata.
    const next = stripe.periodEnd + 30 * 86400;
    await send({
      id: 'evt_sched_renewed',
      type: 'customer.subscription.updated',
      object: subscription('price_basic_monthly', { plan: 'basic', billingType: 'monthly' }, next),
      created: at + 1,
    });
    const row = await account();
    expect(row).toMatchObject({
      subscriptionPlan: 'basic',
      billingType: 'monthly',
      pendingPlan: null,
      pendingBillingType: null,
      currentPeriodEnd: new Date(next * 1000).toISOString(),
    });
    expect(JSON.parse(row.planLimits as string).pages).toBe(5);
  });

  it('shows a failed payment to the owner until a payment succeeds', async () => {
    await send({ id: 'evt_fail', type: 'invoice.payment_failed', object: { object: 'invoice', customer: 'cus_test1' } });
    const read = await t.app.inject({ method: 'GET', url: `/api/accounts/${team}/subscription`, headers: { cookie: owner } });
    expect(read.json().paymentFailedAt).toBeTruthy();
    await send({ id: 'evt_paid', type: 'invoice.paid', object: { object: 'invoice', customer: 'cus_test1' } });
    expect((await account()).paymentFailedAt).toBeNull();
  });

  it('answers Payment Error, not a 500, when Stripe cannot be reached', async () => {
    const down = await createTestApp(kind, {
      config: {
        billing: { provider: 'stripe', stripe: { secretKey: 'sk_test_local', webhookSecret: WEBHOOK_SECRET, prices: PRICES, apiUrl: 'http://127.0.0.1:9' } },
      },
    });
    try {
      const cookie = await signIn(down.app, 'owner@example.com');
      const { team: id } = await demoAccounts(down.db);
      const response = await down.app.inject({
        method: 'POST',
        url: `/api/accounts/${id}/subscription`,
        headers: { cookie },
        payload: { planPriceId: 'basic_plan' },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe('There was an error updating your subscription. Please try again.');
    } finally {
      await down.close();
    }
  }, 60_000);
});
