import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import jsQR from 'jsqr';
import { test, expect, type Page } from '@playwright/test';
import { CONSOLE_REQUEST_HEADER } from '#shared/domain/constants';
import { h264Clip, jpegPhoto } from './captureSupport';
import { openAs, signInByApi, withServerDb } from './support';
import { seriousViolations } from './axe';

/**
 * The venue screen in Chromium: staff open it from the page's actions; an upload approved
 * meanwhile appears within 5 s and a hidden one leaves within 5 s; its QR code decodes to the
 * capture page's address; axe finds nothing serious; offline it keeps playing what it holds and
 * catches up within 5 s of the network's return; and an hour of play (fast-forwarded) leaves
 * its JS heap and DOM within 10% of what they were after the first turns.
 */
const ACCOUNT = 'midnightowls';
const headers = { [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value };

interface Setup {
  pageId: string;
  slug: string;
  token: string;
  waiting: string;
  /** Approved while the screen is offline: its photo file is its own, so the screen shows which it is. */
  late: string;
  /** Approved while a screen without EventSource polls. */
  polled: string;
}
let setup: Setup;

test.beforeAll(async () => {
  const dataDir = process.env.E2E_DATA_DIR!;
  const { newId } = await import('../../server/db/rows');
  const { createPage } = await import('../../server/services/pages');
  setup = await withServerDb(async ({ db }) => {
    const account = await db.selectFrom('accounts').select('id').where('slug', '=', ACCOUNT).executeTakeFirstOrThrow();
    const page = await createPage(db, account.id, `Venue Screen ${newId().slice(0, 6)}`);
    await db.updateTable('pages').set({ status: 'enabled', requireApproval: 1 }).where('id', '=', page.id).execute();
    const put = (source: string, key: string) => {
      const file = path.join(dataDir, 'files', ...key.split('/'));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.copyFileSync(source, file);
      return key;
    };
    const base = `accounts/${account.id}/screen-e2e`;
    const mp4 = put(h264Clip(2), `${base}/clip.mp4`);
    const photo = put(jpegPhoto(), `${base}/photo.jpg`);
    // Its own size tells it on screen, whether played from its address or from memory.
    const latePhoto = `${base}/late.jpg`;
    const lateFile = path.join(dataDir, 'files', ...latePhoto.split('/'));
    fs.mkdirSync(path.dirname(lateFile), { recursive: true });
    await sharp({ create: { width: LATE_WIDTH, height: 360, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toFile(lateFile);
    const polledPhoto = `${base}/polled.jpg`;
    await sharp({ create: { width: POLLED_WIDTH, height: 360, channels: 3, background: '#2471a3' } })
      .jpeg()
      .toFile(path.join(dataDir, 'files', ...polledPhoto.split('/')));
    const insert = async (type: 'video' | 'image', approvedAt: string | null, second: number, image = photo) => {
      const id = newId();
      const createdAt = new Date(Date.UTC(2030, 0, 1, 0, 0, second)).toISOString();
      await db
        .insertInto('uploads')
        .values({
          id,
          accountId: account.id,
          pageId: page.id,
          type,
          status: 'processed',
          encodingStatus: 'processed',
          original: `${base}/original`,
          mp4: type === 'video' ? mp4 : null,
          webm: null,
          thumbnail: photo,
          customThumbnail: null,
          image: type === 'image' ? image : null,
          encodingError: null,
          approvedAt,
          isHidden: 0,
          isAllowed: 1,
          viewCount: 0,
          likeCount: 0,
          shareToken: `screen${id}`,
          tags: '[]',
          moderationStatus: 'processed',
          moderationLabels: '[]',
          createdAt,
          updatedAt: createdAt,
        })
        .execute();
      return id;
    };
    for (let i = 0; i < 2; i++) await insert('video', createdAtOf(i), i);
    for (let i = 2; i < 7; i++) await insert('image', createdAtOf(i), i);
    const waiting = await insert('image', null, 10);
    const late = await insert('image', null, 11, latePhoto);
    const polled = await insert('image', null, 12, polledPhoto);
    const row = await db.selectFrom('pages').select(['slug', 'screenToken']).where('id', '=', page.id).executeTakeFirstOrThrow();
    return { pageId: page.id, slug: row.slug, token: row.screenToken!, waiting, late, polled };
  });
});

/** The late photo's width, which no other photo of the screen has. */
const LATE_WIDTH = 641;
const POLLED_WIDTH = 643;
/** Whether a photo of this width is on screen now. */
const showsWidth = (page: Page, width: number) =>
  page.evaluate((wanted) => [...document.querySelectorAll<HTMLImageElement>('#screen-stage img')].some((img) => img.naturalWidth === wanted), width);
const createdAtOf = (i: number) => new Date(Date.UTC(2029, 0, 1, 0, 0, i)).toISOString();
const screenPath = (query = '') => `/p/${ACCOUNT}/${setup.slug}/screen?token=${setup.token}${query}`;

test('staff open the screen from the page; approvals appear and hidden uploads leave within 5 s; the QR code leads to the capture page', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await openAs(page, 'owner@example.com', `/pages/${setup.pageId}`, { account: 'The Midnight Owls' });
  const [screen] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Open venue screen' }).click()]);
  await screen.setViewportSize({ width: 1920, height: 1080 });
  await expect(screen.locator('#screen-stage video, #screen-stage img').first()).toBeVisible({ timeout: 10_000 });

  // Approved meanwhile: new uploads go first, as a grid of the new photos alone.
  const approve = await page.request.post(`/api/upload-videos/${setup.waiting}/approve`, { headers });
  expect(approve.status()).toBe(200);
  const approvedAt = Date.now();
  await expect(screen.locator('#screen-stage > img')).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - approvedAt).toBeLessThan(5_000);

  const hide = await page.request.post(`/api/upload-videos/${setup.waiting}/hidden`, { headers });
  expect(hide.status()).toBe(200);
  const hiddenAt = Date.now();
  await expect(screen.locator('#screen-stage > img')).toHaveCount(0, { timeout: 5_000 });
  expect(Date.now() - hiddenAt).toBeLessThan(5_000);
  const feed = await page.request.get(`/api/public/pages/${ACCOUNT}/${setup.slug}/screen?token=${setup.token}`);
  expect(((await feed.json()) as { data: { id: string }[] }).data.map((item) => item.id)).not.toContain(setup.waiting);

  const shot = await screen.locator('#screen-qr').screenshot();
  const { data, info } = await sharp(shot).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  const answer = (await (await page.request.get(`/api/pages/${setup.pageId}`, { headers })).json()) as { address: string };
  expect(decoded?.data).toBe(answer.address);
  await expect(screen.getByText(answer.address.replace(/^https?:\/\//, ''))).toBeVisible();

  expect(await seriousViolations(screen)).toEqual([]);
  await screen.setViewportSize({ width: 1080, height: 1920 });
  expect(await seriousViolations(screen)).toEqual([]);
});

test('a wrong token shows the not-found page', async ({ page }) => {
  const response = await page.goto(`/p/${ACCOUNT}/${setup.slug}/screen?token=not-the-token`);
  expect(response?.status()).toBe(404);
  await expect(page.locator('#screen-stage')).toHaveCount(0);
});

test('an hour of play leaves the heap and the DOM within 10% of the first turns', async ({ page }) => {
  test.setTimeout(60_000);
  const SPEED = 400;
  await page.setViewportSize({ width: 1920, height: 1080 });
  const cdp = await page.context().newCDPSession(page);
  const measure = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    // A grid of photos has more nodes than a clip: the most seen over a whole cycle of turns
    // (about 0.2 s at this speed) compares like with like, whichever turn is on at the time.
    const nodes = await page.evaluate(async () => {
      let most = 0;
      for (let i = 0; i < 30; i++) {
        most = Math.max(most, document.getElementsByTagName('*').length);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return most;
    });
    return { heap: usedSize, nodes };
  };
  await page.goto(screenPath(`&speed=${SPEED}`));
  await expect(page.locator('#screen-stage video, #screen-stage img').first()).toBeVisible({ timeout: 10_000 });
  const started = Date.now();
  // The first cycle: two clips and two grids at most 30 s and 8 s each, so 76 s played.
  const played = () => (Date.now() - started) * SPEED;
  await expect.poll(played, { timeout: 10_000, intervals: [100] }).toBeGreaterThanOrEqual(76_000 * 1.5);
  const first = await measure();
  // Let the simulated hour run out (3,600 s at SPEED): wait for its end, not a guess of it.
  await expect.poll(played, { timeout: 30_000, intervals: [1_000] }).toBeGreaterThanOrEqual(3_600_000);
  const last = await measure();
  console.log(`venue screen after 1 cycle: ${first.heap} B heap, ${first.nodes} nodes; after an hour: ${last.heap} B, ${last.nodes} nodes`);
  expect(Math.abs(last.heap - first.heap) / first.heap).toBeLessThan(0.1);
  expect(Math.abs(last.nodes - first.nodes) / first.nodes).toBeLessThan(0.1);
  await expect(page.locator('#screen-stage video, #screen-stage img').first()).toBeVisible();
});

test('offline, the screen keeps playing what it has, and an approval made meanwhile shows within 5 s of the network’s return', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  // Turns of at most 1.5 s, so several pass while offline.
  await page.goto(screenPath('&speed=20'));
  const stage = page.locator('#screen-stage');
  await expect(stage.locator('video, img').first()).toBeVisible({ timeout: 10_000 });
  // What the screen plays comes from memory once it has read it: wait until a clip and a photo do.
  const sources = () =>
    page.evaluate(() => [...document.querySelectorAll('#screen-stage video, #screen-stage img')].map((element) => element.getAttribute('src') ?? ''));
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        for (const src of await sources()) seen.add(src);
        return [...seen].some((src) => src.startsWith('blob:')) && (await page.locator('#screen-stage video[src^="blob:"]').count()) > 0;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(true);

  await context.setOffline(true);
  // The turns go on: several different slides, each showing media (never the empty notice or an error page).
  const offlineSlides = new Set<string>();
  let blanks = 0;
  await expect
    .poll(
      async () => {
        const shown = await sources();
        if (!shown.length) blanks++;
        else offlineSlides.add(shown.join(' '));
        return offlineSlides.size;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(3);
  expect(blanks, 'samples with nothing on screen').toBe(0);
  await expect(page.locator('.screen-empty')).toHaveCount(0);
  await expect(stage.locator('video, img').first()).toBeVisible();
  // A photo on screen offline is drawn, not a broken image.
  await expect
    .poll(
      () => page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>('#screen-stage img')].some((img) => img.complete && img.naturalWidth > 0)),
      {
        timeout: 30_000,
        intervals: [100],
      },
    )
    .toBe(true);

  // Staff approve meanwhile, from elsewhere.
  const staff = await browser.newContext();
  try {
    const staffPage = await staff.newPage();
    await signInByApi(staffPage, 'owner@example.com', { account: 'The Midnight Owls' });
    const approve = await staffPage.request.post(`/api/upload-videos/${setup.late}/approve`, { headers });
    expect(approve.status()).toBe(200);
  } finally {
    await staff.close();
  }
  await expect(stage.locator('video, img').first()).toBeVisible();

  await context.setOffline(false);
  const onlineAt = Date.now();
  await expect
    .poll(
      () =>
        page.evaluate((width) => [...document.querySelectorAll<HTMLImageElement>('#screen-stage img')].some((img) => img.naturalWidth === width), LATE_WIDTH),
      { timeout: 5_000, intervals: [50] },
    )
    .toBe(true);
  expect(Date.now() - onlineAt).toBeLessThan(5_000);
});

test('a browser without EventSource polls the feed: an approval shows within 5 s', async ({ page }) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => Reflect.deleteProperty(window, 'EventSource'));
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(screenPath('&speed=20'));
  await expect(page.locator('#screen-stage video, #screen-stage img').first()).toBeVisible({ timeout: 10_000 });
  const staff = await page.context().browser()!.newContext();
  try {
    const staffPage = await staff.newPage();
    await signInByApi(staffPage, 'owner@example.com', { account: 'The Midnight Owls' });
    const approve = await staffPage.request.post(`/api/upload-videos/${setup.polled}/approve`, { headers });
    expect(approve.status()).toBe(200);
  } finally {
    await staff.close();
  }
  const approvedAt = Date.now();
  await expect.poll(() => showsWidth(page, POLLED_WIDTH), { timeout: 5_000, intervals: [50] }).toBe(true);
  expect(Date.now() - approvedAt).toBeLessThan(5_000);
});
