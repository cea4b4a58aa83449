import fs from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { h264Clip, jpegPhoto } from './captureSupport';
import { withServerDb } from './support';
import { seriousViolations } from './axe';

/**
 * The public side of uploads in Chromium over the demo: the wall under the capture
 * form loads as the fan scrolls, Like and a played video raise the counts on the upload row,
 * the share page carries its Open Graph video tags, the wall embeds in another site's iframe;
 * axe-core on the wall and the share page; screenshots at phone and desktop width.
 */
const ACCOUNT = 'midnightowls';
const PAGE = 'summertour2026';
const UPLOADS = 16;
const SHOTS = path.resolve('.tmp/screenshots');

// Headless Chromium names itself HeadlessChrome, which the server takes for a bot (no views): browse as a phone.
test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36' });

interface Made {
  id: string;
  shareToken: string;
}
let made: Made[] = [];

test.beforeAll(async () => {
  const dataDir = process.env.E2E_DATA_DIR!;
  const { newId } = await import('../../server/db/rows');
  made = await withServerDb(async ({ db }) => {
    const page = await db
      .selectFrom('pages')
      .innerJoin('accounts', 'accounts.id', 'pages.accountId')
      .select(['pages.id', 'pages.accountId'])
      .where('accounts.slug', '=', ACCOUNT)
      .where('pages.slug', '=', PAGE)
      .executeTakeFirstOrThrow();
    await db.updateTable('pages').set({ likingStatus: 'enabled', requireApproval: 0 }).where('id', '=', page.id).execute();
    const put = (source: string, key: string) => {
      const file = path.join(dataDir, 'files', ...key.split('/'));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.copyFileSync(source, file);
      return key;
    };
    const base = `accounts/${page.accountId}/wall-e2e`;
    const mp4 = put(h264Clip(2), `${base}/clip.mp4`);
    const poster = put(jpegPhoto(), `${base}/poster.jpg`);
    const rows: Made[] = [];
    for (let i = 0; i < UPLOADS; i += 1) {
      const id = newId();
      const createdAt = new Date(Date.UTC(2030, 0, 1, 0, 0, UPLOADS - i)).toISOString();
      const shareToken = `walle2e${i}${id.slice(0, 6)}`;
      await db
        .insertInto('uploads')
        .values({
          id,
          accountId: page.accountId,
          pageId: page.id,
          type: 'video',
          status: 'processed',
          encodingStatus: 'processed',
          original: `${base}/original.mov`,
          mp4,
          webm: null,
          thumbnail: poster,
          customThumbnail: null,
          image: null,
          encodingError: null,
          approvedAt: null,
          isHidden: 0,
          isAllowed: 1,
          viewCount: 0,
          likeCount: 0,
          shareToken,
          tags: '[]',
          moderationStatus: 'processed',
          moderationLabels: '[]',
          createdAt,
          updatedAt: createdAt,
        })
        .execute();
      rows.push({ id, shareToken });
    }
    return rows;
  });
});

const counts = (id: string) =>
  withServerDb(({ db }) => db.selectFrom('uploads').select(['viewCount', 'likeCount']).where('id', '=', id).executeTakeFirstOrThrow());

async function noSeriousViolations(page: Page, include?: string) {
  expect(await seriousViolations(page, { include })).toEqual([]);
}

test('the wall loads as the fan scrolls; Like and play raise the counts', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/p/${ACCOUNT}/${PAGE}`);
  const wall = page.getByRole('region', { name: 'From the fans' });
  await wall.scrollIntoViewIfNeeded();
  const cards = wall.getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await expect(cards).toHaveCount(12);
  // Scrolling to the end of the wall brings the next page.
  await cards.nth(11).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(UPLOADS);

  const first = cards.first();
  await first.scrollIntoViewIfNeeded();
  const like = first.getByRole('button', { name: /like/i });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('1');
  await expect.poll(async () => (await counts(made[0].id)).likeCount).toBe(1);

  await first.locator('video').evaluate((video: HTMLVideoElement) => {
    video.muted = true;
    // The play event (the view) fires whether or not this Chromium decodes H.264.
    return video.play().catch(() => undefined);
  });
  await expect(first).toContainText('1 view');
  await expect.poll(async () => (await counts(made[0].id)).viewCount).toBe(1);

  await noSeriousViolations(page, '.wall');
  fs.mkdirSync(SHOTS, { recursive: true });
  await first.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'wall-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await wall.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'wall-1280.png') });
});

test('the share page carries Open Graph video tags and counts a view on play', async ({ page }) => {
  const { shareToken, id } = made[1];
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/s/${shareToken}`);
  const meta = (property: string) => page.locator(`meta[property="${property}"], meta[name="${property}"]`).getAttribute('content');
  expect(await meta('og:type')).toBe('video.other');
  expect(await meta('og:video')).toMatch(/^http:\/\/localhost:\d+\/files\/.+\/clip\.mp4$/);
  expect(await meta('og:image')).toMatch(/poster\.jpg$/);
  expect(await meta('twitter:card')).toBe('player');
  expect(await meta('twitter:player')).toContain(`/s/${shareToken}/player`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.locator('video').evaluate((video: HTMLVideoElement) => {
    video.muted = true;
    // The play event (the view) fires whether or not this Chromium decodes H.264.
    return video.play().catch(() => undefined);
  });
  await expect(page.getByText('1 view')).toBeVisible();
  await expect.poll(async () => (await counts(id)).viewCount).toBe(1);
  await noSeriousViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'share-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(SHOTS, 'share-1280.png'), fullPage: true });

  const missing = await page.goto('/s/no-such-share');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the embeddable wall renders the wall alone, Like included', async ({ page }) => {
  // That other sites may frame it (frame-ancestors *) is asserted on the headers in tests/server/publicWall.test.ts.
  const response = await page.goto(`/p/${ACCOUNT}/${PAGE}/wall`);
  expect(response?.headers()['content-security-policy']).toContain('frame-ancestors *');
  await expect(page.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /like/i }).first()).toBeVisible();
  await expect(page.locator('form')).toHaveCount(0);
  await noSeriousViolations(page);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, 'embed-1280.png') });
});
