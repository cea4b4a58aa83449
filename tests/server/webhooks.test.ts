import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVER_WEBHOOK_JOB, PROCESS_UPLOAD_JOB } from '#shared/domain/constants';
import { createQueue, type Queue } from '../../server/adapters/queue';
import { deliverWebhookHandler } from '../../server/jobs/deliverWebhook';
import { verifyWebhook, signWebhook } from '../../server/adapters/webhooks/signature';
import { endpointProblem, isInternalAddress, resolvedProblem } from '../../server/adapters/webhooks/target';
import { postWebhook } from '../../server/adapters/webhooks/post';
import { newId } from '../../server/db/rows';
import { pendingUpload } from '../fixtures/media';
import { createPage } from '../../server/services/pages';
import type { WebhookSettings } from '#shared/domain/schemas/webhooks';
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
    listen: () =>
      new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A receiver that answers 200 at once and then sends its body one byte every 3 s, never
 * finishing; `requests` counts what reached it, `open` what is still open.
 */
function trickler() {
  let requests = 0;
  const open = new Set<http.ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((request, response) => {
    requests++;
    request.resume();
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.write('o');
    open.add(response);
    const timer = setInterval(() => response.write('k'), 3000);
    timers.add(timer);
    response.on('close', () => {
      clearInterval(timer);
      open.delete(response);
    });
  });
  return {
    requests: () => requests,
    open: () => open.size,
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
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
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111']) expect(isInternalAddress(address), address).toBe(false);
  });
  it('decodes IPv4 inside IPv6 (compatible, mapped, translated, NAT64, 6to4, Teredo) and refuses internal ones', async () => {
    const internal = [
      '::7f00:1',
      '::127.0.0.1',
      '::ffff:0:7f00:1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::a9fe:a9fe',
      '2002:a9fe:a9fe::1',
      '2002:7f00:1::',
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
      '2001:0:a9fe:a9fe::1',
      '2001:db8::1',
      'fec0::1',
    ];
    for (const address of internal) expect(isInternalAddress(address), address).toBe(true);
    // Public IPv4 carried the same ways stays allowed.
    for (const address of ['::ffff:1.1.1.1', '64:ff9b::101:101', '2002:101:101::1', '2001:0:4136:e378:8000:63bf:fefe:fefe'])
      expect(isInternalAddress(address), address).toBe(false);
    for (const host of ['[::7f00:1]', '[::ffff:0:7f00:1]', '[64:ff9b:1::a9fe:a9fe]', '[2002:a9fe:a9fe::1]', '[::ffff:127.0.0.1]', '[64:ff9b::127.0.0.1]']) {
      expect(await resolvedProblem(`https://${host}/hook`, strict), host).toEqual({ key: 'app.server.webhookPrivateAddress' });
    }
  });
  it('checks the address again when it connects: a name resolving to 127.0.0.1 gets no request', async () => {
    const hook = receiver();
    const url = await hook.listen();
    const port = new URL(url).port;
    try {
      // What a name saved while public and moved to loopback since looks like at delivery time.
      await expect(postWebhook(`http://localhost:${port}/hooks`, '{}', {}, strict)).rejects.toThrow(
        /localhost resolves to an internal address \(127\.0\.0\.1|::1\)/,
      );
      await expect(postWebhook(`http://[::ffff:127.0.0.1]:${port}/hooks`, '{}', {}, strict)).rejects.toThrow(/is an internal address/);
      expect(hook.received).toHaveLength(0);
      // The tests' switch still lets the same receiver be reached.
      expect(await postWebhook(url, '{}', {}, { allowLocal: true })).toEqual({ statusCode: 200 });
      expect(hook.received).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });
  it('reads no more than 4 KB of an answer: a 2xx status followed by an endless body is delivered at once', async () => {
    const server = http.createServer((request, response) => {
      request.resume();
      response.writeHead(200);
      response.write(Buffer.alloc(32 * 1024, 'x'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      expect(await postWebhook(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, '{}', {}, { allowLocal: true })).toEqual({
        statusCode: 200,
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  it('ends a delivery whose receiver trickles its answer within the 10 s deadline', { timeout: 30_000 }, async () => {
    const slow = trickler();
    const port = await slow.listen();
    try {
      const started = Date.now();
      await expect(postWebhook(`http://127.0.0.1:${port}/hooks`, '{}', {}, { allowLocal: true })).rejects.toThrow(
        'The endpoint did not finish answering within 10 s',
      );
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(9_500);
      expect(took).toBeLessThan(13_000);
      await until(async () => slow.open() === 0, 5_000);
    } finally {
      await slow.close();
    }
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

  it('serves the log as the declared webhook-deliveries resource: newest first, paged, each with its body, admins only', async () => {
    const log = (cookie: string, path = '', method: 'GET' | 'POST' = 'GET') =>
      t.app.inject({ method, url: `/api/accounts/${band}/webhook-deliveries${path}`, headers: { cookie }, ...(method === 'POST' ? { payload: {} } : {}) });
    expect((await log(user, '?sort=createdAt&order=desc')).statusCode).toBe(403);
    const first = await log(sam, '?sort=createdAt&order=desc&limit=1');
    expect(first.statusCode, first.body).toBe(200);
    const { deliveries } = await settings();
    expect(first.json()).toEqual({ total: deliveries.length, data: [expect.objectContaining({ ...deliveries[0], body: expect.any(String) })] });
    const one = await log(sam, `/${deliveries[0].id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(JSON.parse(one.json().body)).toMatchObject({ event: 'upload.approved' });
    // A log: the server writes it, nobody creates or changes a delivery.
    expect((await log(owner, '', 'POST')).statusCode).toBe(404);
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

describe.each(testDatabases)('a slow webhook receiver on $name', { timeout: 90_000 }, (kind) => {
  let t: TestApp;
  let band: string;
  let owner: string;
  let work: string;
  const slow = trickler();

  beforeAll(async () => {
    const port = await slow.listen();
    t = await createTestApp(kind, { config: { webhooksAllowLocal: true } });
    ({ band } = await demoAccounts(t.db));
    owner = await signIn(t.app, 'owner@example.com');
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-webhook-'));
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${band}/webhook`,
      headers: { cookie: owner },
      payload: { url: `http://127.0.0.1:${port}/hooks` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await slow.close();
    await t?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("holds no encode slot: with WORKERS=1 a fan's upload starts processing while a delivery trickles, and the delivery ends within 10 s", async () => {
    // The app's own queue and handlers, one worker slot as the demo runs.
    await t.app.deps.queue.start(1);
    const settings = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/accounts/${band}/webhook`, headers: { cookie: owner } })).json() as WebhookSettings;
    // (The processed photo queues an upload.processed event to the same receiver.)
    const testDelivery = async () => (await settings()).deliveries.find((d) => d.event === 'webhook.test');
    expect((await t.app.inject({ method: 'POST', url: `/api/accounts/${band}/webhook/test`, headers: { cookie: owner } })).statusCode).toBe(200);
    await until(async () => slow.open() === 1);
    const deliveryStarted = Date.now();

    // A photo a fan submitted meanwhile: its processing job runs now, not after the delivery.
    const pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    const photo = path.join(work, 'photo.jpg');
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3080e0' } })
      .jpeg()
      .toFile(photo);
    const id = newId();
    const original = `uploads/${band}/${id}/original.jpg`;
    await t.app.deps.files.putFromFile(photo, original, 'image/jpeg');
    await t.db
      .insertInto('uploads')
      .values(pendingUpload({ id, accountId: band, pageId, type: 'image', original }))
      .execute();
    await t.app.deps.queue.enqueue(PROCESS_UPLOAD_JOB, { uploadId: id });
    const processed = async () =>
      (await t.db.selectFrom('uploads').select('encodingStatus').where('id', '=', id).executeTakeFirstOrThrow()).encodingStatus === 'processed';
    const started = async () => ((await t.app.deps.queue.stats()).find((stats) => stats.kind === PROCESS_UPLOAD_JOB)?.active ?? 0) > 0 || (await processed());
    await until(started, 20_000);
    // ...while the test event's delivery is still under way. (Its end is not awaited here: on a busy
    // machine the photo's first moderation, which loads the model, may outlast the delivery's deadline.)
    expect(slow.open()).toBe(1);
    expect((await testDelivery())?.attempts).toBe(0);

    // The delivery gives up at its deadline, logged with the reason and left to retry.
    await until(async () => (await testDelivery())?.attempts === 1, 20_000);
    expect(Date.now() - deliveryStarted).toBeLessThan(15_000);
    expect(await testDelivery()).toMatchObject({ status: 'pending', statusCode: null, error: 'The endpoint did not finish answering within 10 s' });
    await until(processed, 60_000);
  });
});
