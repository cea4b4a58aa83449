import { expect, test, type Page } from '@playwright/test';
import { CONSOLE_REQUEST_HEADER } from '#shared/domain/constants';
import type { UploadCard } from '#shared/domain/schemas/uploads';
import { canBeInReel } from '../../src/resources/uploads/reelClips';
import { openAs } from './support';
import { seriousViolations } from './axe';

/** Highlight reels in the console: made from Fan Uploads, rendered for real, watched, shared. */

const headers = { [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value };
const ACCOUNT = 'The Midnight Owls';

// A real render of five short clips on a busy two-core machine, then axe at two widths in two languages.
test.describe.configure({ timeout: 300_000 });

/** Five uploads of one page among the grid's first page that may be in a reel (the demo's approved videos). */
async function fiveClips(page: Page): Promise<string[]> {
  const account = (await (await page.request.get('/api/users/me/accounts', { headers })).json()).data.find(
    (choice: { name: string }) => choice.name === ACCOUNT,
  ).id;
  const answer = await page.request.get(`/api/accounts/${account}/videos?limit=48&sort=createdAt&order=desc`, { headers });
  const fit = ((await answer.json()).data as UploadCard[]).filter(canBeInReel);
  // Of one page, the show they were filmed at: the reel is of that page and may go on its wall.
  const byPage = new Map<string, UploadCard[]>();
  for (const upload of fit) byPage.set(upload.pageId, [...(byPage.get(upload.pageId) ?? []), upload]);
  const show = [...byPage.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  expect(show.length, 'approved videos of one page on the first page of Fan Uploads').toBeGreaterThanOrEqual(5);
  return show.slice(0, 5).map((upload) => upload.id);
}

async function axeAtTwoWidths(page: Page, what: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect.soft(await seriousViolations(page), `${what} at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('staff make a reel of five clips, watch it render and play, share it, and the page is accessible in English and French', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAs(page, 'owner@example.com', '/uploads', { account: ACCOUNT });
  const ids = await fiveClips(page);
  for (const id of ids) await page.locator(`[data-upload-id="${id}"]`).getByRole('checkbox').check();
  await expect(page.getByRole('toolbar').getByRole('status')).toHaveText('5 selected');
  await page.getByRole('button', { name: 'Make a reel' }).click();

  await expect(page).toHaveURL(/\/reels\/[^/]+$/);
  await expect(page.getByText('Reel made of 5 clips')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Clips' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('slider') })).toHaveCount(5);
  // Queued, then rendering n%, then ready: the page follows it on its own.
  await expect(page.getByRole('status').filter({ hasText: /^Ready$/ })).toBeVisible({ timeout: 240_000 });

  const video = page.getByLabel('The reel in 9:16');
  await expect(video).toHaveAttribute('src', /vertical\.mp4/);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.3);
  await expect(page.getByRole('link', { name: 'Download 16:9' })).toHaveAttribute('href', /landscape\.mp4/);

  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Share' }).click();
  const address = page.getByLabel('Share address');
  await expect(address).toHaveValue(/\/r\/[A-Za-z0-9_-]+$/);
  await page.getByRole('button', { name: 'Copy share link' }).click();
  await expect(page.getByRole('tooltip', { name: 'Link copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await address.inputValue());
  // The 'Link copied' flag names the button for its 2 seconds; axe checks the page as it stays.
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  // On the page's wall, above the fans' uploads, for anyone who opens the page.
  await page.getByRole('button', { name: 'Show on the wall' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Show on the wall' }).click();
  await expect(page.getByText(/^On the wall of .+, above the fans’ uploads\.$/)).toBeVisible();
  const wallAddress = await page.getByRole('link', { name: 'Open the wall' }).getAttribute('href');
  const fan = await context.browser()!.newContext();
  try {
    const capture = await fan.newPage();
    await capture.goto(`${new URL(page.url()).origin}${new URL(wallAddress!).pathname}`);
    const highlight = capture.getByRole('figure', { name: /^Highlights: / });
    await expect(highlight).toBeVisible();
    await expect(highlight.locator('video')).toHaveAttribute('src', /square\.mp4/);
    expect.soft(await seriousViolations(capture), 'the capture page with its highlight reel').toEqual([]);
  } finally {
    await fan.close();
  }
  // Off the wall again: the specs that run after this one see the page's wall as the demo made it.
  await page.getByRole('button', { name: 'Take off the wall' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Take off the wall' }).click();
  await expect(page.getByText(/^Not on the wall of /)).toBeVisible();

  await axeAtTwoWidths(page, 'the reel page in English');
  expect((await page.request.put('/api/users/me/locale', { headers, data: { locale: 'fr' } })).status()).toBe(200);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Extraits' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Prêt$/ })).toBeVisible();
    await axeAtTwoWidths(page, 'the reel page in French');
  } finally {
    // Back to English: the owner's language follows them into the specs that run after this one.
    expect((await page.request.put('/api/users/me/locale', { headers, data: { locale: 'en' } })).status()).toBe(200);
  }

  // The share page, as anyone opens it: no session, the reel playing, its Open Graph tags.
  const visitor = await context.browser()!.newContext();
  try {
    const share = await visitor.newPage();
    const response = await share.goto(`${new URL(page.url()).origin}${new URL(copied).pathname}`);
    expect(response?.status()).toBe(200);
    await expect(share.locator('video')).toBeVisible();
    for (const property of ['og:video', 'og:video:type', 'og:video:width', 'og:video:height', 'og:image', 'og:title']) {
      await expect(share.locator(`meta[property="${property}"]`), property).toHaveAttribute('content', /.+/);
    }
  } finally {
    await visitor.close();
  }
});

test('staff make a reel of the most liked clips of a page by a rule, then delete it', async ({ page }) => {
  await openAs(page, 'owner@example.com', '/reels', { account: ACCOUNT });
  await page.getByRole('button', { name: 'Best of a page' }).click();
  const dialog = page.getByRole('dialog', { name: 'A reel of the best clips of a page' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Best of the show');
  // Nothing chosen yet: the page is required, and nothing is sent.
  await dialog.getByRole('button', { name: 'Make the reel' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Page' })).toHaveAttribute('aria-invalid', 'true');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect.soft(await seriousViolations(page), `the rule dialog at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await dialog.getByRole('combobox', { name: 'Page' }).fill('Summer');
  await page.getByRole('option', { name: 'Summer Tour 2026' }).click();
  await dialog.getByLabel('Number of clips').fill('3');
  await dialog.getByRole('button', { name: 'Make the reel' }).click();
  await expect(page).toHaveURL(/\/reels\/[^/]+$/);
  await expect(page.getByText('Reel made of 3 clips')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('slider') })).toHaveCount(3);
  // Of one page: it may go on that page's wall.
  await expect(page.getByText('Not on the wall of Summer Tour 2026.')).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/reels$/);
});
