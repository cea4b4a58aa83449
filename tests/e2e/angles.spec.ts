import { expect, test, type Locator, type Page } from '@playwright/test';
import { openAs } from './support';
import { removeClips, seedClips, type SeededClips } from './clipsSupport';
import { seriousViolations } from './axe';
import { makeAngleClips } from '../fixtures/angleClips';

/**
 * Other angles of the same moment: two fans' clips of one moment of a song (from the labelled set
 * of the server test), stored as webm (what this Chromium plays) on a page of their own, and
 * fingerprinted and aligned as the fingerprint job does. The content dialog says '1 other angle
 * of this moment' and plays both side by side in sync, at full width and at 390 px; axe-core on
 * the player. The page and its uploads are removed afterwards.
 */
const PAGE_NAME = 'Angles E2E';
/** The second fan started filming 3.6 s later: a moment t s into the first clip is t - 3.6 s into the second. */
const OFFSET = -3.6;
const seeded: SeededClips = { pageId: '', ids: [] };
const { ids } = seeded;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { recordFingerprint } = await import('../../server/services/duplicates');
  const { recordAngles } = await import('../../server/services/angles');
  const clips = makeAngleClips();
  const sources = ['encore-fan1', 'encore-fan3'].map((name) => clips.find((clip) => clip.name === name)!.file);
  await seedClips(seeded, PAGE_NAME, sources, async (db, upload, fingerprint) => {
    await recordFingerprint(db, upload, fingerprint);
    await recordAngles(db, upload, fingerprint);
  });
});

test.afterAll(() => removeClips(seeded));

/** Both players' times read at one instant, once both know their length. */
const times = (player: Locator) =>
  player.evaluate((dialog) => {
    const [first, second] = [...dialog.querySelectorAll('video')];
    return { ready: first.readyState >= 1 && second.readyState >= 1, first: first.currentTime, second: second.currentTime, playing: !first.paused };
  });

/** The angle shows the clip's instant plus the offset, within 0.3 s. */
async function expectInSync(player: Locator, check: (first: number) => boolean) {
  await expect
    .poll(async () => {
      const now = await times(player);
      return now.ready && check(now.first) && Math.abs(now.second - (now.first + OFFSET)) <= 0.3;
    })
    .toBe(true);
}

async function openSideBySide(page: Page) {
  const dialog = page.getByRole('dialog', { name: /Upload from Angles E2E/ });
  await expect(dialog.getByText('1 other angle of this moment')).toBeVisible();
  await dialog.getByRole('button', { name: /^Side by side with the clip from / }).click();
  const player = page.getByRole('dialog', { name: 'This moment from two angles' });
  await expect(player.getByRole('figure')).toHaveCount(2);
  return player;
}

test('the content dialog plays another angle of the moment side by side, in sync', async ({ page }) => {
  await openAs(page, 'sam@example.com', `/uploads?filter=${encodeURIComponent(JSON.stringify({ pageId: seeded.pageId }))}&submission=${ids[0]}`);
  await expect(page.getByText('1 other angle of this moment')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const player = await openSideBySide(page);
  await expect(player.locator('video[aria-label="This clip"]')).toBeVisible();
  await expect(player.locator('video[aria-label^="Clip from "]')).toBeVisible();
  // Both open on the first instant they share: 3.6 s into this clip, the angle's first frame.
  await expectInSync(player, (first) => Math.abs(first + OFFSET) <= 0.3);

  await player
    .locator('video')
    .first()
    .evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      return video.play();
    });
  await expectInSync(player, (first) => first > 4.5);
  expect((await times(player)).playing).toBe(true);

  await player
    .locator('video')
    .first()
    .evaluate((video: HTMLVideoElement) => {
      video.currentTime = 8;
    });
  await expectInSync(player, (first) => first >= 8 && first < 9.5);

  await player
    .locator('video')
    .first()
    .evaluate((video: HTMLVideoElement) => video.pause());
  await expect
    .poll(() =>
      player
        .locator('video')
        .nth(1)
        .evaluate((video: HTMLVideoElement) => video.paused),
    )
    .toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  await player.getByRole('button', { name: 'Close' }).click();
  await expect(player).toBeHidden();

  // The grid of this moment's clips: this one and its angle.
  await page.getByRole('link', { name: 'List the clips of this moment' }).click();
  await expect(page).toHaveURL(/moment/);
  await expect(page.getByRole('button', { name: /^Open upload from Angles E2E/ })).toHaveCount(2);
});

test('at 390 px the two angles are stacked, and the player passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, 'sam@example.com', `/uploads?filter=${encodeURIComponent(JSON.stringify({ pageId: seeded.pageId }))}&submission=${ids[1]}`);
  const player = await openSideBySide(page);
  const [first, second] = [player.getByRole('figure').first(), player.getByRole('figure').nth(1)];
  await expect(second).toBeVisible();
  const [a, b] = [await first.boundingBox(), await second.boundingBox()];
  expect(b!.y).toBeGreaterThanOrEqual(a!.y + a!.height - 1);
  expect(b!.width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
});
