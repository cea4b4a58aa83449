import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openAs, withServerDb } from './support';
import { seriousViolations } from './axe';
import { makeAngleClips } from '../fixtures/angleClips';
import { resolveMediaTools } from '../../server/adapters/media/tools';

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
let pageId = '';
const ids: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { createPage } = await import('../../server/services/pages');
  const { newId } = await import('../../server/db/rows');
  const { fingerprintClip } = await import('../../server/adapters/media/fingerprint');
  const { recordFingerprint } = await import('../../server/services/duplicates');
  const { recordAngles } = await import('../../server/services/angles');
  const clips = makeAngleClips();
  const ffmpeg = resolveMediaTools({ ffmpegPath: process.env.FFMPEG_PATH }).ffmpeg;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-e2e-angles-'));
  await withServerDb(async ({ db, config }) => {
    const account = await db.selectFrom('accounts').select('id').where('slug', '=', 'midnightowls').executeTakeFirstOrThrow();
    pageId = (await createPage(db, account.id, PAGE_NAME)).id;
    for (const [i, name] of ['encore-fan1', 'encore-fan3'].entries()) {
      const id = newId();
      const key = `uploads/${account.id}/${id}/video.webm`;
      const file = path.join(config.dataDir, 'files', ...key.split('/'));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const source = clips.find((clip) => clip.name === name)!.file;
      execFileSync(ffmpeg, ['-y', '-loglevel', 'error', '-i', source, '-c:v', 'libvpx', '-b:v', '150k', '-c:a', 'libopus', '-b:a', '48k', file]);
      const createdAt = new Date(Date.now() - (2 - i) * 600_000).toISOString();
      await db
        .insertInto('uploads')
        .values({
          id,
          accountId: account.id,
          pageId,
          type: 'video',
          status: 'processed',
          encodingStatus: 'processed',
          original: key,
          mp4: null,
          webm: key,
          thumbnail: null,
          image: null,
          encodingError: null,
          customThumbnail: null,
          approvedAt: createdAt,
          isHidden: 0,
          isAllowed: 1,
          viewCount: 0,
          likeCount: 0,
          shareToken: newId(),
          tags: '[]',
          moderationStatus: 'processed',
          moderationLabels: '[]',
          createdAt,
          updatedAt: createdAt,
        })
        .execute();
      const fingerprint = await fingerprintClip(ffmpeg, file, true, 60, fs.mkdtempSync(path.join(scratch, 'clip-')));
      const upload = { id, accountId: account.id, createdAt };
      await recordFingerprint(db, upload, fingerprint);
      await recordAngles(db, upload, fingerprint);
      ids.push(id);
    }
  });
  fs.rmSync(scratch, { recursive: true, force: true });
});

test.afterAll(async () => {
  await withServerDb(async ({ db, config }) => {
    const account = await db.selectFrom('accounts').select('id').where('slug', '=', 'midnightowls').executeTakeFirstOrThrow();
    // The fingerprints and angles go with their uploads.
    if (ids.length) await db.deleteFrom('uploads').where('id', 'in', ids).execute();
    if (pageId) await db.deleteFrom('pages').where('id', '=', pageId).execute();
    for (const id of ids) fs.rmSync(path.join(config.dataDir, 'files', 'uploads', account.id, id), { recursive: true, force: true });
  });
});

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
  await openAs(page, 'sam@example.com', `/uploads?filter=${encodeURIComponent(JSON.stringify({ pageId }))}&submission=${ids[0]}`);
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
  await openAs(page, 'sam@example.com', `/uploads?filter=${encodeURIComponent(JSON.stringify({ pageId }))}&submission=${ids[1]}`);
  const player = await openSideBySide(page);
  const [first, second] = [player.getByRole('figure').first(), player.getByRole('figure').nth(1)];
  await expect(second).toBeVisible();
  const [a, b] = [await first.boundingBox(), await second.boundingBox()];
  expect(b!.y).toBeGreaterThanOrEqual(a!.y + a!.height - 1);
  expect(b!.width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
});
