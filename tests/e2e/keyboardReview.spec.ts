import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, withServerDb } from './support';
import { seedReviewData, uploadRow } from './uploadsSupport';

/**
 * Keyboard only (no click anywhere), a member signs in, reviews ten uploads
 * (open, play and pause, approve, tag, hide, next, close) and exports the fan data. At every
 * stop the focus is on an element showing a focus indicator, never on the page itself, and
 * closing the dialog gives the focus back to the card that opened it.
 */

// About a minute on the busy two-core machine (ten uploads, a Tab-by-Tab focus check).
test.describe.configure({ timeout: 180_000 });

/**
 * The focused element, whether it is `target`, and whether it shows a focus indicator (in the
 * page, in one round trip: the machine is busy).
 */
async function focusState(page: Page, target?: Locator) {
  const handle = target ? await target.elementHandle() : null;
  return page.evaluate((target) => {
    const element = document.activeElement;
    const isTarget = !!target && element === target;
    if (!(element instanceof HTMLElement) || element === document.body) return { on: 'body', isTarget, visible: false };
    const on = `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.textContent?.slice(0, 40) ?? ''}`;
    // Inside a player's own controls (the browser's shadow tree, which draws their focus ring), the focus is on the player.
    if (element instanceof HTMLMediaElement && element.controls && !element.matches(':focus-visible')) return { on, isTarget, visible: true };
    const style = getComputedStyle(element);
    const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    // A text field shows its focus as MUI's focused (2px, coloured) border; a control, as its outline.
    return { on, isTarget, visible: element.matches(':focus-visible') && (ring || !!element.closest('.MuiInputBase-root.Mui-focused')) };
  }, handle);
}

async function expectFocusVisible(page: Page) {
  await expect.poll(() => focusState(page).then((state) => state.visible && state.on)).toBeTruthy();
}

/** Tabs forward until `target` has the focus, checking the focus is visible at every stop. */
async function tabTo(page: Page, target: Locator, most = 60) {
  for (let presses = 0; presses < most; presses++) {
    const state = await focusState(page, target);
    if (state.isTarget) return;
    if (presses) expect(state.visible, `focus shown on ${state.on}`).toBe(true);
    await page.keyboard.press('Tab');
  }
  throw new Error(`no Tab stop reached ${String(target)}`);
}

/** A short VP8 test pattern, so the dialog's player really plays. */
function makeWebm(file: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-t', '4', '-c:v', 'libvpx', '-b:v', '100k', file]);
}

test('keyboard only: sign in, review ten uploads, export fan data', async ({ page }) => {
  const data = await seedReviewData('E2E Keyboard', 10);
  // The ten waiting uploads, oldest first (the order the grid is sorted in below), each with a playable webm.
  const ten = data.uploads.filter((upload) => upload.kind === 'waiting').reverse();
  const filesDir = path.join(process.env.E2E_DATA_DIR ?? path.resolve('.tmp/e2e'), 'files');
  const webm = `uploads/${data.accountId}/keyboard/clip.webm`;
  makeWebm(path.join(filesDir, ...webm.split('/')));
  await withServerDb(({ db }) => db.updateTable('uploads').set({ webm }).where('pageId', '=', data.pageId).execute());

  await page.goto('/login');
  const email = page.getByLabel(/email/i);
  await tabTo(page, email);
  await page.keyboard.type('sam@example.com');
  await tabTo(page, page.getByLabel(/password/i));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Open user menu/ })).toBeVisible();

  const filter = encodeURIComponent(JSON.stringify({ pageId: data.pageId }));
  await page.goto(`/uploads?filter=${filter}&sort=createdAt&order=ASC`);
  const card = (id: string) => page.locator(`[data-upload-id="${id}"]`);
  const opener = card(ten[0]!.id).getByRole('button', { name: /^Open upload/ });
  await expect(opener).toBeVisible();
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /Upload from E2E Keyboard/ });
  await expect(dialog).toBeVisible();

  for (const [step, upload] of ten.entries()) {
    await expect(dialog.getByText(upload.email)).toBeVisible();
    // Play and pause: the player takes the focus and Space toggles it.
    const video = dialog.locator('video');
    await tabTo(page, video);
    await page.keyboard.press('Space');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);

    await page.keyboard.press('a');
    await expect(dialog.getByText(/Approved by Sam/)).toBeVisible();
    await expectFocusVisible(page);
    if (step % 2) {
      // Hide with its button this time: Tab to it, Enter; the focus stays on it (now Show).
      await tabTo(page, dialog.getByRole('button', { name: 'Hide', exact: true }));
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('button', { name: 'Show', exact: true })).toBeFocused();
    } else {
      await page.keyboard.press('h');
      await expect(dialog.getByRole('button', { name: 'Show', exact: true })).toBeVisible();
    }
    await expectFocusVisible(page);
    await page.keyboard.press('t');
    await expect(dialog.getByLabel('Add a tag')).toBeFocused();
    await page.keyboard.type(`kb${step}`);
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: `Remove tag kb${step}` })).toBeVisible();
    await expect(dialog.getByLabel('Add a tag')).toBeFocused();
    await expectFocusVisible(page);
    // Out of the field, so the next key is a shortcut, not text.
    await page.keyboard.press('Tab');
    await expectFocusVisible(page);
    if (step < ten.length - 1) {
      await page.keyboard.press(step % 2 ? 'ArrowRight' : 'j');
      await expect(dialog.getByText(ten[step + 1]!.email)).toBeVisible();
      await expectFocusVisible(page);
    }
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Back on the card that opened the dialog, focus shown.
  await expect(opener).toBeFocused();
  await expectFocusVisible(page);
  for (const [step, upload] of ten.entries()) {
    const row = await uploadRow(upload.id);
    expect(row?.approvedAt, `upload ${step + 1} approved`).toBeTruthy();
    expect(JSON.parse(row!.tags), `upload ${step + 1} tagged`).toEqual([`kb${step}`]);
    expect(row?.isHidden, `upload ${step + 1} hidden`).toBeTruthy();
  }

  await page.goto('/data');
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toBeVisible();
  await tabTo(page, exportLink, 120);
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const csv = fs.readFileSync((await (await downloading).path())!, 'utf8');
  expect(csv).toContain(ten[0]!.email);
});
