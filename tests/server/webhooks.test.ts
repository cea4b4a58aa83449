import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVER_WEBHOOK_JOB } from '../../src/domain/constants';
import { createQueue, type Queue } from '../../server/adapters/queue';
import { deliverWebhookHandler } from '../../server/jobs/deliverWebhook';
import { verifyWebhook, signWebhook } from '../../server/adapters/webhooks/signature';
import { endpointProblem, isInternalAddress } from '../../server/adapters/webhooks/target';
import { createPage } from '../../server/services/pages';
import type { WebhookSettings } from '../../src/domain/schemas/webhooks';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';
import { insertSubmission, insertUpload } from './uploadFixtures';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that answers each request with the next status of `script` (then 200). */
function receiver() {
  const received: Received[] = [];
  const script: number[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = script.shift() ?? 200;
      response.end('ok');
    });
  });
  return {
    received,
    script,
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const until = async (check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('webhook endpoints refused before any request (SSRF)', () => {
  const strict = { allowLocal: false };
  it('takes only https addresses, without credentials', () => {
    expect(endpointProblem('http://example.com/hook', strict)).toEqual({ key: 'app.server.webhookHttpsOnly' });
    expect(endpointProblem('ftp://example.com/hook', strict)).toEqual({ key: 'app.server.webhookHttpsOnly' });
    expect(endpointProblem('https://user:pw@example.com/hook', strict)).toEqual({ key: 'app.server.webhookNoCredentials' });
    expect(endpointProblem('https://example.com/hook', strict)).toBeNull();
    expect(endpointProblem('http://127.0.0.1:9/hook', strict)).toEqual({ key: 'app.server.webhookHttpsOnly' });
    expect(endpointProblem('http://127.0.0.1:9/hook', { allowLocal: true })).toBeNull();
  });
  it('knows private, loopback, link-local and mapped addresses from public ones', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1']) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111']) expect(isInternalAddress(address), address).toBe(false);
  });
  it('signs "<t>.<body>" with HMAC-SHA256, and a receiver refuses a changed body or an old timestamp', () => {
    const header = signWebhook('whsec_test', '{"a":1}', 1_700_000_000);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook('whsec_test', '{"a":1}', header, 300, 1_700_000_000_000)).toBe(true);
    expect(verifyWebhook('whsec_test', '{"a":2}', header, 300, 1_700_000_000_000)).toBe(false);
    expect(verifyWebhook('whsec_other', '{"a":1}', header, 300, 1_700_000_000_000)).toBe(false);
    expect(verifyWebhook('whsec_test', '{"a":1}', header, 300, 1_700_001_000_000)).toBe(false);
  });
});

describe.each(testDatabases)('signed webhooks on $name', { timeout: 60_000 }, (kind) => {
  let t: TestApp;
  let band: string;
  let owner: string;
  let sam: string;
  let user: string;
  let queue: Queue;
  const hook = receiver();
  let endpoint: string;
  const call = (cookie: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/accounts/${band}/webhook${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
  const settings = async () => (await call(owner, 'GET', '')).json() as WebhookSettings;

  beforeAll(async () => {
    endpoint = await hook.listen();
    t = await createTestApp(kind, { config: { webhooksAllowLocal: true } });
    ({ band } = await demoAccounts(t.db));
    owner = await signIn(t.app, 'owner@example.com');
    sam = await signIn(t.app, 'sam@example.com');
    user = await signIn(t.app, 'user@example.com');
    // A worker for deliveries only, with short waits between retries.
    queue = createQueue(t.db, { retryDelayMs: 200, maxRetryDelayMs: 1000, pollMs: 50, leaseMs: 5000 }, { error: () => {} });
    queue.work(DELIVER_WEBHOOK_JOB, deliverWebhookHandler(t.app.deps));
    await queue.start(1);
  });
  afterAll(async () => {
    await queue?.stop(1000);
    await t?.close();
    await hook.close();
  });

  it('lets account admins set an https endpoint and refuses other addresses with a clear message', async () => {
    expect((await call(user, 'PUT', '', { url: endpoint })).statusCode).toBe(403);
    expect((await call(user, 'GET', '')).statusCode).toBe(403);
    const http = await call(sam, 'PUT', '', { url: 'http://example.com/hook' });
    expect(http.statusCode).toBe(400);
    expect(http.json().errors).toEqual([expect.objectContaining({ path: 'url', message: 'The endpoint must be an https:// address' })]);
    const internal = await call(sam, 'PUT', '', { url: 'https://169.254.169.254/latest/meta-data' });
    expect(internal.statusCode).toBe(400);
    expect(internal.json().errors[0].message).toBe('The endpoint must be on the public internet, not a private or local network');
    expect((await call(sam, 'PUT', '', { url: 'not a url' })).statusCode).toBe(400);
    expect((await call(sam, 'PUT', '', {})).statusCode).toBe(400);

    const saved = await call(sam, 'PUT', '', { url: endpoint });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ url: endpoint, secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/), deliveries: [] });
  });

  it("'Send test' posts a signed event the receiver verifies with the secret, and logs it", async () => {
    const { secret } = await settings();
    const before = hook.received.length;
    const response = await call(owner, 'POST', '/test');
    expect(response.statusCode, response.body).toBe(200);
    await until(async () => (await settings()).deliveries[0]?.status === 'delivered');
    const got = hook.received[before];
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-webhook-event']).toBe('webhook.test');
    expect(verifyWebhook(secret!, got.body, String(got.headers['x-webhook-signature']))).toBe(true);
    expect(JSON.parse(got.body)).toMatchObject({ event: 'webhook.test', id: got.headers['x-webhook-id'] });
    expect((await settings()).deliveries[0]).toMatchObject({ event: 'webhook.test', status: 'delivered', statusCode: 200, attempts: 1 });
  });

  it('retries an upload.approved event the endpoint answered 500, with the log showing both attempts', async () => {
    const page = await createPage(t.db, band, 'Webhook Page');
    await t.db.updateTable('pages').set({ requireApproval: 1 }).where('id', '=', page.id).execute();
    const upload = await insertUpload(t.db, { accountId: band, pageId: page.id });
    await insertSubmission(t.db, { accountId: band, pageId: page.id, uploadId: upload.id, email: null });
    hook.script.push(500);
    const before = hook.received.length;
    const approved = await t.app.inject({ method: 'POST', url: `/api/upload-videos/${upload.id}/approve`, headers: { cookie: owner } });
    expect(approved.statusCode, approved.body).toBe(200);
    await until(async () => (await settings()).deliveries[0]?.status === 'delivered');
    expect((await settings()).deliveries[0]).toMatchObject({ event: 'upload.approved', status: 'delivered', statusCode: 200, attempts: 2 });
    const attempts = hook.received.slice(before);
    expect(attempts).toHaveLength(2);
    // The same body both times, each signed afresh.
    expect(attempts[1].body).toBe(attempts[0].body);
    expect(JSON.parse(attempts[1].body)).toMatchObject({ event: 'upload.approved', data: { upload: { id: upload.id, accountId: band } } });
  });

  it('a new secret signs from then on; removing the endpoint stops deliveries and keeps the log', async () => {
    const old = (await settings()).secret;
    const rotated = await call(sam, 'POST', '/secret');
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).not.toBe(old);
    const removed = await call(sam, 'DELETE', '');
    expect(removed.json()).toMatchObject({ url: null, secret: null });
    expect(removed.json().deliveries.length).toBeGreaterThanOrEqual(2);
    expect((await call(sam, 'POST', '/test')).statusCode).toBe(404);
    expect((await call(sam, 'POST', '/secret')).statusCode).toBe(404);
  });
});
