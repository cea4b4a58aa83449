import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openAs } from './support';
import { removeClips, seedClips, type SeededClips } from './clipsSupport';
import { seriousViolations } from './axe';
import { makeDuplicateClips } from '../fixtures/duplicateClips';
import { tools } from '../fixtures/media';

/**
 * Possible duplicates: a clip and a fan's re-encoded copy of it (from the labelled set of the
 * server test), on a page of their own, fingerprinted as the fingerprint job does. The copy's
 * dialog links to the upload it is a possible duplicate of, Fan Uploads' 'Possible duplicates'
 * filter lists the copy alone, and the original's 'Hide copies' hides it; axe-core on the page
 * with the copy's dialog open, at 1280 and at 390 px. The page and its uploads are removed afterwards.
 */
const PAGE_NAME = 'Duplicates E2E';
const seeded: SeededClips = { pageId: '', ids: [] };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { recordFingerprint } = await import('../../server/services/duplicates');
  const clips = makeDuplicateClips();
  // The demo's clips are test patterns too (its 'light-show' is testsrc): the pair is shown in
  // negative, which no demo clip is, so each is the other's only copy.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-e2e-duplicates-'));
  const sources = ['testsrc', 'testsrc-bitrate'].map((name) => {
    const negative = path.join(dir, `${name}.mp4`);
    const source = clips.find((clip) => clip.name === name)!.file;
    execFileSync(tools.ffmpeg, [
      '-v',
      'error',
      '-y',
      '-i',
      source,
      '-vf',
      'negate',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'copy',
      negative,
    ]);
    return negative;
  });
  await seedClips(seeded, PAGE_NAME, sources, recordFingerprint);
  fs.rmSync(dir, { recursive: true, force: true });
});

test.afterAll(() => removeClips(seeded));

const card = (page: Page, id: string) => page.locator(`[data-upload-id="${id}"]`);
const listUrl = (filter: Record<string, string>, submission?: string) =>
  `/uploads?filter=${encodeURIComponent(JSON.stringify({ pageId: seeded.pageId, ...filter }))}${submission ? `&submission=${submission}` : ''}`;
const dialogOf = (page: Page) => page.getByRole('dialog', { name: /Upload from Duplicates E2E/ });
const duplicateLink = (page: Page) => dialogOf(page).getByRole('link', { name: /^Possible duplicate of the upload from / });

test('the copy links to its original, the filter lists it, and Hide copies hides it', async ({ page }) => {
  const [original, copy] = seeded.ids;
  await openAs(page, 'sam@example.com', listUrl({ status: 'possible-duplicate' }));
  await expect(card(page, copy)).toBeVisible();
  await expect(page.locator('[data-upload-id]')).toHaveCount(1);

  await card(page, copy)
    .getByRole('button', { name: /^Open upload/ })
    .click();
  await expect(duplicateLink(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await duplicateLink(page).click();
  await expect(page).toHaveURL(new RegExp(`submission=${original}`));
  // The original: no link of its own, and its copy to hide.
  await expect(dialogOf(page).getByRole('button', { name: 'Hide copies (1)' })).toBeVisible();
  await expect(duplicateLink(page)).toHaveCount(0);
  await dialogOf(page).getByRole('button', { name: 'Hide copies (1)' }).click();
  await expect(page.getByText('Copies hidden')).toBeVisible();
  await expect(dialogOf(page).getByRole('button', { name: /^Hide copies/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialogOf(page)).toHaveCount(0);
  await expect(card(page, copy).getByText('Hidden', { exact: true })).toBeVisible();
});

test('the duplicate link fits a phone and axe finds nothing serious in the dialog', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const [original, copy] = seeded.ids;
  await openAs(page, 'sam@example.com', listUrl({}, copy));
  await expect(duplicateLink(page)).toBeVisible();
  const link = await duplicateLink(page).boundingBox();
  expect(link!.x + link!.width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await duplicateLink(page).click();
  await expect(page).toHaveURL(new RegExp(`submission=${original}`));
  await expect(duplicateLink(page)).toHaveCount(0);
});
