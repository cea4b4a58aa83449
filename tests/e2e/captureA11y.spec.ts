import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { h264Clip } from './captureSupport';
import { seriousViolations } from './axe';

/**
 * The fan's side as assistive tech and its users get it: the pickers named,
 * refusals and field errors read with their field, upload progress announced in a few polite
 * steps; the capture page, the wall and the share page pass axe-core at phone and desktop
 * width at 200% zoom with reduced motion, with nothing cut off and nothing moving.
 */
const OWLS = '/p/midnightowls/summertour2026';
const SHOTS = '.tmp/a11y';
// 200% zoom: half the CSS pixels on the same screen, each drawn twice as large.
const ZOOMED = [
  { name: 'phone', viewport: { width: 195, height: 422 } },
  { name: 'desktop', viewport: { width: 640, height: 400 } },
];

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the pickers are named, a refused file and empty fields are read with their field, progress is announced', async ({ page }) => {
  await page.goto(OWLS);
  const choose = page.getByLabel('Choose a video or photo');
  await expect(choose).toBeAttached();
  await expect(page.getByLabel('Record a video')).toHaveAttribute('capture', 'environment');

  await page.getByRole('button', { name: 'Send' }).click();
  const invalid = page.locator('[aria-invalid="true"]');
  await expect(invalid.first()).toBeFocused();
  // Every field marked invalid says why, through its description.
  for (const field of await invalid.all()) await expect(field).toHaveAccessibleDescription(/\S/);
  await expect(page.getByLabel('First name')).toHaveAccessibleDescription('Required');

  await choose.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(26 * 1024 * 1024) });
  await expect(choose).toHaveAttribute('aria-invalid', 'true');
  await expect(choose).toHaveAccessibleDescription('This file is too large. Photos can be at most 25 MB.');

  // What the status region says during an upload, as a screen reader would hear it.
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => {
      const text = document.getElementById('upload-status')?.textContent ?? '';
      if (text && said.at(-1) !== text) said.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await choose.setInputFiles(h264Clip());
  await expect(page.getByRole('status').filter({ hasText: 'Your file is uploaded.' })).toHaveCount(1);
  await expect(choose).toHaveCount(0);
  const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
  expect(said.at(-1)).toBe('Your file is uploaded.');
  for (const text of said.slice(0, -1)) expect(text).toMatch(/^Uploading, (0|25|50|75|100) percent sent\.$/);
  await expect(page.getByText('Upload complete')).toBeVisible();
});

/** A fresh context at `viewport` CSS pixels drawn at twice the size (200% zoom), preferring reduced motion. */
async function zoomedPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 2, isMobile: viewport.width < 400, hasTouch: true, reducedMotion: 'reduce' });
  return { context, page: await context.newPage() };
}

/** axe-core finds no serious violation, nothing is wider than the window, no animation runs; a screenshot in .tmp/a11y. */
async function expectReadable(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const cut = [...document.querySelectorAll<HTMLElement>('main *, header *, footer *')]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('.sr-only, .trap, .skip'))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return { scroll: document.documentElement.scrollWidth - width, cut: cut.slice(0, 5) };
  });
  expect.soft(overflow, `${name}: nothing wider than the window`).toEqual({ scroll: 0, cut: [] });
  const moving = await page.evaluate(() => document.getAnimations().filter((animation) => animation.playState === 'running').length);
  expect.soft(moving, `${name}: nothing moves with reduced motion`).toBe(0);
  expect.soft(await seriousViolations(page), `${name}: axe`).toEqual([]);
}

for (const { name, viewport } of ZOOMED) {
  test(`capture page, wall and share page at 200% zoom on a ${name}, reduced motion`, async ({ browser, request }) => {
    const wall = (await (await request.get(`/api/public/pages/midnightowls/summertour2026/wall`)).json()) as { data: { shareLink: string }[] };
    expect(wall.data.length, "the demo page's wall has uploads").toBeGreaterThan(0);
    const { context, page } = await zoomedPage(browser, viewport);

    await page.goto(OWLS);
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    await expectReadable(page, `capture-zoom-${name}`);

    // A field error and a running upload, as they look zoomed.
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Choose a video or photo').setInputFiles(h264Clip());
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    // The bar jumps to each step instead of sliding.
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveCSS('transition-duration', '0s');
    await expectReadable(page, `capture-zoom-${name}-errors`);

    const region = page.getByRole('region', { name: 'From the fans' });
    await region.scrollIntoViewIfNeeded();
    await expect(region.getByRole('listitem').first()).toBeVisible();
    await expectReadable(page, `wall-zoom-${name}`);

    await page.goto(new URL(wall.data[0]!.shareLink).pathname);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectReadable(page, `share-zoom-${name}`);
    await context.close();
  });
}
