import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';
import { createPage } from '../../server/services/pages';
import { insertUpload } from './uploadFixtures';

/** What a stream said: its status, its events in order, and whether the server ended it. */
interface Stream {
  status: number;
  contentType: string | undefined;
  events: { event: string; data: string }[];
  comments: number;
  ended: boolean;
  close(): void;
}

/** Opens the screen's event stream over a real connection and collects what arrives. */
function openStream(origin: string, path: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}${path}`, { headers: { accept: 'text/event-stream' } }, (response) => {
      const stream: Stream = {
        status: response.statusCode ?? 0,
        contentType: response.headers['content-type'],
        events: [],
        comments: 0,
        ended: false,
        close: () => request.destroy(),
      };
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = block.split('\n');
          if (fields.every((line) => line.startsWith(':'))) stream.comments++;
          const event = fields.find((line) => line.startsWith('event: '))?.slice('event: '.length);
          const data = fields.find((line) => line.startsWith('data: '))?.slice('data: '.length);
          if (event) stream.events.push({ event, data: data ?? '' });
        }
      });
      response.on('end', () => (stream.ended = true));
      response.on('close', () => (stream.ended = true));
      resolve(stream);
    });
    request.on('error', reject);
  });
}

/** The ids of the last feed the stream sent. */
const lastFeed = (stream: Stream) => {
  const feeds = stream.events.filter((event) => event.event === 'feed');
  return feeds.length ? (JSON.parse(feeds[feeds.length - 1].data) as { data: { id: string }[] }).data.map((item) => item.id) : undefined;
};

/**
 * The venue screen's stream: the same token check as its feed (404), the feed at once and again
 * within 5 s of an approval or a hide made through the API, one check per page that stops with
 * the page's last stream, and every stream ended when the app closes.
 */
describe.each(testDatabases)('venue screen stream on $name', (kind) => {
  let t: TestApp;
  let band: string;
  let pageId: string;
  let cookie: string;
  let base: string;
  let origin: string;
  let closed = false;
  beforeAll(async () => {
    t = await createTestApp(kind);
    band = (await demoAccounts(t.db)).band;
    pageId = (await createPage(t.db, band, 'Stream Screen')).id;
    await t.db.updateTable('pages').set({ status: 'enabled', requireApproval: 1 }).where('id', '=', pageId).execute();
    cookie = await signIn(t.app, 'owner@example.com');
    const page = await t.db
      .selectFrom('pages')
      .innerJoin('accounts', 'accounts.id', 'pages.accountId')
      .select(['pages.slug', 'accounts.slug as accountSlug'])
      .where('pages.id', '=', pageId)
      .executeTakeFirstOrThrow();
    base = `/${page.accountSlug}/${page.slug}`;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (t && !closed) await t.close();
  });

  const token = async () =>
    ((await t.app.inject({ method: 'GET', url: `/api/pages/${pageId}`, headers: { cookie } })).json() as { screenToken: string }).screenToken;
  const eventsPath = (screenToken: string) => `/api/public/pages${base}/screen/events?token=${encodeURIComponent(screenToken)}`;
  const visits = async () =>
    Number(
      (
        await t.db
          .selectFrom('visits')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('pageId', '=', pageId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const act = async (url: string, status = 200) => expect((await t.app.inject({ method: 'POST', url, headers: { cookie } })).statusCode).toBe(status);

  it('answers 404 to a wrong token and 400 to a malformed one, as the feed does', async () => {
    expect((await t.app.inject({ method: 'GET', url: eventsPath('wrong') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: eventsPath('<script>') })).statusCode).toBe(400);
    const stream = await openStream(origin, eventsPath('wrong'));
    expect(stream.status).toBe(404);
    stream.close();
  });

  it('sends the feed at once, then an approval and a hide made through the API within 5 s, and counts no visit', async () => {
    const screenToken = await token();
    const before = await visits();
    const clip = await insertUpload(t.db, { accountId: band, pageId, mp4: `accounts/${band}/u/video.mp4`, thumbnail: `accounts/${band}/u/thumb.jpg` });
    const stream = await openStream(origin, eventsPath(screenToken));
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toMatch(/^text\/event-stream/);
      await expect.poll(() => lastFeed(stream), { timeout: 5_000 }).toEqual([]);

      await act(`/api/upload-videos/${clip.id}/approve`);
      const approvedAt = Date.now();
      await expect.poll(() => lastFeed(stream), { timeout: 5_000 }).toEqual([clip.id]);
      expect(Date.now() - approvedAt).toBeLessThan(5_000);

      await act(`/api/upload-videos/${clip.id}/hidden`);
      const hiddenAt = Date.now();
      await expect.poll(() => lastFeed(stream), { timeout: 5_000 }).toEqual([]);
      expect(Date.now() - hiddenAt).toBeLessThan(5_000);
      expect(stream.ended).toBe(false);
      expect(await visits()).toBe(before);
    } finally {
      stream.close();
    }
  });

  it('checks a page once for all its screens, and stops when the last one leaves', async () => {
    const screenToken = await token();
    const streams = [await openStream(origin, eventsPath(screenToken)), await openStream(origin, eventsPath(screenToken))];
    await expect.poll(() => streams.every((stream) => lastFeed(stream) !== undefined), { timeout: 5_000 }).toBe(true);
    expect(t.app.screenStreams.watched).toBe(1);
    streams[0].close();
    const photo = await insertUpload(t.db, { accountId: band, pageId, type: 'image', image: `accounts/${band}/u/photo.jpg`, mp4: null });
    await act(`/api/upload-videos/${photo.id}/approve`);
    await expect.poll(() => lastFeed(streams[1]), { timeout: 5_000 }).toEqual([photo.id]);
    expect(t.app.screenStreams.watched).toBe(1);
    streams[1].close();
    await expect.poll(() => t.app.screenStreams.watched, { timeout: 5_000 }).toBe(0);
  });

  it('ends a stream whose token was rotated with a `gone` event', async () => {
    const stream = await openStream(origin, eventsPath(await token()));
    await expect.poll(() => lastFeed(stream), { timeout: 5_000 }).toBeDefined();
    await act(`/api/pages/${pageId}/rotate-screen-token`);
    await expect.poll(() => stream.ended, { timeout: 5_000 }).toBe(true);
    expect(stream.events.at(-1)?.event).toBe('gone');
  });

  it('ends every stream when the app closes, and the app closes', async () => {
    const stream = await openStream(origin, eventsPath(await token()));
    await expect.poll(() => lastFeed(stream), { timeout: 5_000 }).toBeDefined();
    closed = true;
    await t.close();
    await expect.poll(() => stream.ended, { timeout: 5_000 }).toBe(true);
    expect(t.app.screenStreams.watched).toBe(0);
  });
});
