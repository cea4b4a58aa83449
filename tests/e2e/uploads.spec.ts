import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openAs, withServerDb } from './support';
import { pageSlug, seedReviewData, sendUploads, uploadRow, type ReviewData } from './uploadsSupport';
import { seriousViolations } from './axe';

/** Fan Uploads and Platform Uploads over review data of their own. */

const SHOTS = '.tmp/uploads-shots';
const cards = (page: Page) => page.locator('[data-upload-id]');
const card = (page: Page, id: string) => page.locator(`[data-upload-id="${id}"]`);
const filterUrl = (filter: Record<string, string>) => `/uploads?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** Picks an option of one of the filter bar's selects. */
async function choose(page: Page, label: string, option: string) {
  const box = page.getByRole('combobox', { name: new RegExp(`^${label}`) });
  await box.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(box).toHaveText(option);
}

async function noSeriousViolations(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.name}.png` });
    expect.soft(await seriousViolations(page), `${name} at ${size.width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// Long journeys on a busy machine: axe at two widths, many filters.
test.describe.configure({ timeout: 180_000 });

let data: ReviewData;
test.beforeAll(async () => {
  data = await seedReviewData('E2E Review');
});
const idOf = (kind: string) => data.uploads.find((upload) => upload.kind === kind)!.id;

test('each filter changes the URL and the cards shown', async ({ page }) => {
  await openAs(page, 'sam@example.com', filterUrl({ pageId: data.pageId }));
  await expect(cards(page)).toHaveCount(data.uploads.length);

  await choose(page, 'Type', 'Image');
  await expect(page).toHaveURL(/%22type%22%3A%22image%22|"type":"image"/);
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, idOf('image'))).toBeVisible();
  await choose(page, 'Type', 'Any');

  await choose(page, 'Status', 'Encoding failed');
  await expect(page).toHaveURL(/failed/);
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, idOf('failed')).getByText('Encoding Failed')).toBeVisible();
  await choose(page, 'Status', 'Any');
  await expect(cards(page)).toHaveCount(data.uploads.length);

  for (const [label, value, kind] of [
    ['Tag', 'encore', 'tagged'],
    ['Venue', 'Seattle, WA', 'tagged'],
    ['Artist', 'The Owls', 'tagged'],
    ['Song', 'Feathers', 'image'],
  ] as const) {
    await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel(label, { exact: true }).press('Enter');
    await expect(page).toHaveURL(new RegExp(encodeURIComponent(value).replace(/%20/g, '(%20|\\+)') + '|' + value));
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, idOf(kind))).toBeVisible();
    await page.getByLabel(label, { exact: true }).fill('');
    await page.getByLabel(label, { exact: true }).press('Enter');
    await expect(cards(page)).toHaveCount(data.uploads.length);
  }

  await choose(page, 'Date range', 'Yesterday');
  await expect(page).toHaveURL(/startDate/);
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, data.yesterdayId)).toBeVisible();
  await choose(page, 'Date range', 'All Time');
  await expect(cards(page)).toHaveCount(data.uploads.length);

  await choose(page, 'Sort', 'Most Views');
  await expect(page).toHaveURL(/sort=viewCount/);
  await expect(cards(page).first()).toHaveAttribute('data-upload-id', data.yesterdayId);
  await choose(page, 'Sort', 'Most Likes');
  await expect(page).toHaveURL(/sort=likeCount/);

  await page.getByRole('button', { name: /^Requires Approval \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/requires-approval/);
  const waiting = data.uploads.filter((upload) => upload.kind === 'waiting').length;
  await expect(cards(page)).toHaveCount(waiting);
  await expect(cards(page).filter({ hasText: 'Not Approved' })).toHaveCount(waiting);

  // A bookmarked view opens as it was left.
  const url = page.url();
  await page.goto(url);
  await expect(page.getByRole('button', { name: /^Requires Approval/ })).toHaveAttribute('aria-pressed', 'true');
});

test('approve, tag, hide, show and delete from the dialog and the card', async ({ page }) => {
  await openAs(page, 'sam@example.com', filterUrl({ pageId: data.pageId }));
  const target = data.uploads.filter((u) => u.kind === 'waiting').at(-1)!.id;
  await card(page, target)
    .getByRole('button', { name: /^Open upload/ })
    .click();
  const dialog = page.getByRole('dialog', { name: /Upload from E2E Review/ });
  await expect(dialog.getByText('fan0@example.com')).toBeVisible();
  // Named by its title alone, not by the buttons beside it (Keyboard shortcuts, Close).
  await expect(dialog).toHaveAccessibleName('Upload from E2E Review');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Upload approved')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(dialog.getByText(/Approved by Sam/)).toBeVisible();

  await dialog.getByLabel('Add a tag').fill('a'.repeat(21));
  await dialog.getByLabel('Add a tag').press('Enter');
  await expect(dialog.getByText('Must be 20 characters or less')).toBeVisible();
  await dialog.getByLabel('Add a tag').fill('front row');
  await dialog.getByLabel('Add a tag').press('Enter');
  await expect(dialog.getByRole('button', { name: 'Remove tag front row' })).toBeVisible();
  await expect(dialog.getByText(/Tagged by Sam/)).toBeVisible();

  await dialog.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(dialog.getByText('Hidden', { exact: true }).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Hide', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/submission=/);

  const row = await uploadRow(target);
  expect(row?.approvedAt).toBeTruthy();
  expect(JSON.parse(row!.tags)).toEqual(['front row']);
  expect(row?.isHidden).toBeFalsy();

  await card(page, target).getByRole('button', { name: 'Hide' }).click();
  await expect(card(page, target).getByText('Hidden', { exact: true })).toBeVisible();
  await card(page, target).getByRole('button', { name: 'Show' }).click();
  await expect(card(page, target).getByText('Hidden', { exact: true })).toHaveCount(0);

  await card(page, target).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this upload?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(card(page, target)).toHaveCount(0);
  expect(await uploadRow(target)).toBeUndefined();
  data.uploads = data.uploads.filter((u) => u.id !== target);
});

test('?submission= opens one upload, and five are reviewed with the keyboard only', async ({ page }) => {
  const waiting = data.uploads.filter((u) => u.kind === 'waiting');
  await openAs(page, 'sam@example.com', `${filterUrl({ pageId: data.pageId, status: 'requires-approval' })}&submission=${waiting[0]!.id}`);
  const dialog = page.getByRole('dialog', { name: /Upload from E2E Review/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`1 of ${waiting.length}`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeVisible();

  // Five uploads: approve the first three (A), hide the next two (H), moving with J / arrow.
  for (let step = 0; step < 5; step++) {
    await expect(dialog.getByText(waiting[step]!.email)).toBeVisible();
    await page.keyboard.press(step < 3 ? 'a' : 'h');
    await expect(page.getByText(step < 3 ? 'Upload approved' : 'Upload hidden').last()).toBeVisible();
    await page.keyboard.press(step % 2 ? 'ArrowRight' : 'j');
  }
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toBeVisible();
  await page.keyboard.press('Escape');
  // The second Escape once the shortcuts are gone and the upload's dialog is back (hidden from
  // the accessibility tree while they are open): pressed while they were still closing, it was
  // lost. (Not `shortcuts` hidden: the upload dialog's name takes in its title bar, whose '?'
  // button is named Keyboard shortcuts.)
  await expect(page.getByText('?: this help')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  for (const [index, upload] of waiting.slice(0, 5).entries()) {
    const row = await uploadRow(upload.id);
    if (index < 3) expect(row?.approvedAt, `upload ${index + 1}`).toBeTruthy();
    else expect(row?.isHidden, `upload ${index + 1}`).toBeTruthy();
  }
});

test('bulk-approve ten, then download a zip of them', async ({ page }) => {
  const more = await seedReviewData('E2E Bulk', 12);
  await openAs(page, 'sam@example.com', `/uploads?filter=${encodeURIComponent(JSON.stringify({ pageId: more.pageId, status: 'requires-approval' }))}`);
  const waiting = more.uploads.filter((u) => u.kind === 'waiting');
  await expect(cards(page)).toHaveCount(waiting.length);
  await card(page, waiting[0]!.id).getByRole('checkbox').click();
  await card(page, waiting[9]!.id)
    .getByRole('checkbox')
    .click({ modifiers: ['Shift'] });
  await expect(page.getByText('10 selected')).toBeVisible();

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download zip' }).click();
  const download = await downloadPromise;
  const zip = fs.readFileSync((await download.path())!);
  for (const upload of waiting.slice(0, 10)) expect(zip.includes(Buffer.from(`${upload.id}.mp4`)), upload.id).toBe(true);
  expect(zip.includes(Buffer.from(`video bytes of ${waiting[0]!.id}`))).toBe(true);

  await page.getByRole('toolbar').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('10 uploads updated')).toBeVisible();
  await expect(cards(page)).toHaveCount(waiting.length - 10);
  for (const upload of waiting.slice(0, 10)) expect((await uploadRow(upload.id))?.approvedAt).toBeTruthy();
});

test('a platform admin allows a flagged upload', async ({ page }) => {
  await openAs(
    page,
    'admin@example.com',
    `/admin/uploads?filter=${encodeURIComponent(JSON.stringify({ status: 'content-flagged', accountId: data.accountId }))}`,
    { account: 'The Midnight Owls' },
  );
  const flagged = card(page, data.flaggedId);
  await expect(flagged.getByText('Content Flagged')).toBeVisible();
  await expect(flagged.getByText('The Midnight Owls')).toBeVisible();
  await noSeriousViolations(page, 'admin-uploads');
  await flagged.getByRole('button', { name: /^Open upload/ }).click();
  const dialog = page.getByRole('dialog', { name: /Upload from E2E Review/ });
  await expect(dialog.getByText('Porn 91%')).toBeVisible();
  // Platform admins have no Like, even on a page with liking on.
  await expect(dialog.getByRole('button', { name: 'Like' })).toHaveCount(0);
  const slug = await pageSlug(data.pageId);
  const wall = async () => (await (await page.request.get(`/api/public/pages/midnightowls/${slug}/wall`)).json()) as { data: { id: string }[] };
  expect((await wall()).data.map((item) => item.id)).not.toContain(data.flaggedId);
  await dialog.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Upload allowed')).toBeVisible();
  await expect(dialog.getByText(/Allowed by/)).toBeVisible();
  expect((await uploadRow(data.flaggedId))?.isAllowed).toBeTruthy();

  // Allowed, it is on the page's public wall.
  await page.goto(`/p/midnightowls/${slug}`);
  await expect(page.getByRole('region', { name: 'From the fans' }).locator(`video[poster*="${data.flaggedId}"]`)).toBeVisible();
});

test("a like and a view on the public wall raise the counts in the console's dialog, which offers the staff Like", async ({ page, browser }) => {
  const id = idOf('tagged');
  const before = (await uploadRow(id))!;
  // Headless Chromium names itself HeadlessChrome, which the server takes for a bot: the fan browses as desktop Chrome.
  const fan = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' });
  const wall = await fan.newPage();
  await wall.goto(`/p/midnightowls/${await pageSlug(data.pageId)}`);
  const item = wall
    .getByRole('region', { name: 'From the fans' })
    .getByRole('listitem')
    .filter({ has: wall.locator(`video[poster*="${id}"]`) });
  await item.getByRole('button', { name: /like/i }).click();
  await expect(item.getByRole('button', { name: /like/i })).toHaveAttribute('aria-pressed', 'true');
  await item.locator('video').evaluate((video: HTMLVideoElement) => {
    video.muted = true;
    // The play event (the view) fires whether or not there is something to play; the promise may never settle.
    void video.play().catch(() => undefined);
  });
  await expect(item).toContainText(`${Number(before.viewCount) + 1} views`);
  await fan.close();

  await openAs(page, 'sam@example.com', filterUrl({ pageId: data.pageId }));
  await card(page, id)
    .getByRole('button', { name: /^Open upload/ })
    .click();
  const dialog = page.getByRole('dialog', { name: /Upload from E2E Review/ });
  await expect(dialog.getByText(`${Number(before.viewCount) + 1} views · ${Number(before.likeCount) + 1} likes`)).toBeVisible();
  // The staff Like (liking is on for this page): pressed, it counts once more; pressed again, it is taken back.
  const like = dialog.getByRole('button', { name: 'Like', exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByText(`${Number(before.viewCount) + 1} views · ${Number(before.likeCount) + 2} likes`)).toBeVisible();
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(dialog.getByText(`${Number(before.viewCount) + 1} views · ${Number(before.likeCount) + 1} likes`)).toBeVisible();
});

test('previous and next in the dialog cross pager pages, and the grid follows', async ({ page }) => {
  const many = await seedReviewData('E2E Pages', 50);
  const all = many.uploads;
  await openAs(page, 'sam@example.com', filterUrl({ pageId: many.pageId }));
  await expect(cards(page)).toHaveCount(48);
  await expect(page.getByText(`1–48 of ${all.length}`)).toBeVisible();
  await card(page, all[47]!.id)
    .getByRole('button', { name: /^Open upload/ })
    .click();
  const dialog = page.getByRole('dialog', { name: /Upload from E2E Pages/ });
  await expect(dialog.getByText(`48 of ${all.length}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Next upload' }).click();
  await expect(dialog.getByText(`49 of ${all.length}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`page=2.*submission=${all[48]!.id}|submission=${all[48]!.id}.*page=2`));
  await expect(dialog.getByText(all[48]!.email)).toBeVisible();
  await page.keyboard.press('k');
  await expect(dialog.getByText(`48 of ${all.length}`)).toBeVisible();
  await expect(dialog.getByText(all[47]!.email)).toBeVisible();
  await page.keyboard.press('j');
  await expect(dialog.getByText(`49 of ${all.length}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cards(page)).toHaveCount(all.length - 48);
  await expect(card(page, all[48]!.id)).toBeVisible();
});

test('a card and a dialog still being processed become reviewable on screen, without a reload', async ({ page }) => {
  const followed = await seedReviewData('E2E Follow', 1);
  const [newest] = followed.uploads;
  const setEncoding = (encodingStatus: string) =>
    withServerDb(({ db }) => db.updateTable('uploads').set({ encodingStatus }).where('id', '=', newest!.id).execute());
  await setEncoding('processing');
  await openAs(page, 'sam@example.com', filterUrl({ pageId: followed.pageId }));
  const badge = card(page, newest!.id).getByText('Encoding Pending');
  await expect(badge).toBeVisible();
  await card(page, newest!.id)
    .getByRole('button', { name: /^Open upload/ })
    .click();
  const dialog = page.getByRole('dialog', { name: /Upload from E2E Follow/ });
  await expect(dialog.getByText('Encoding Pending')).toBeVisible();

  // What the job does when the clip is reviewable; nobody reloads the screen.
  await setEncoding('processed');
  await expect(dialog.getByText('Encoding Pending')).toBeHidden({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(badge).toBeHidden({ timeout: 30_000 });
  await expect(card(page, newest!.id)).toBeVisible();
});

test('a dialog playing the review proxy offers the full-quality video once it is made, from where staff are', async ({ page }) => {
  // A demo video with its mp4 and webm, shown as if its mp4 were still the review proxy.
  const clip = await withServerDb(({ db }) =>
    db
      .selectFrom('uploads')
      .innerJoin('accounts', 'accounts.id', 'uploads.accountId')
      .select('uploads.id')
      .where('accounts.slug', '=', 'midnightowls')
      .where('uploads.type', '=', 'video')
      .where('uploads.encodingStatus', '=', 'processed')
      .where('uploads.webm', 'is not', null)
      .orderBy('uploads.createdAt', 'desc')
      .executeTakeFirstOrThrow(),
  );
  const setProxy = (mp4Proxy: number) => withServerDb(({ db }) => db.updateTable('uploads').set({ mp4Proxy }).where('id', '=', clip.id).execute());
  await setProxy(1);
  try {
    await openAs(page, 'sam@example.com', `/uploads?submission=${clip.id}`);
    const video = page.getByRole('dialog').getByLabel('Fan video');
    const firstSource = video.locator('source').first();
    // The proxy's full-quality webm first.
    await expect(firstSource).toHaveAttribute('type', 'video/webm');
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      element.loop = true;
      return element.play();
    });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.3);

    // What the encode-mp4 job does when the full mp4 is stored; nobody reloads.
    await setProxy(0);
    const offer = page.getByRole('dialog').getByRole('button', { name: 'Play it from here' });
    await expect(offer).toBeVisible({ timeout: 30_000 });
    await expect(firstSource).toHaveAttribute('type', 'video/webm');
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);

    await offer.click();
    await expect(firstSource).toHaveAttribute('type', 'video/mp4');
    await expect(offer).toBeHidden();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0), { timeout: 20_000 }).toBe(true);
  } finally {
    await setProxy(0);
  }
});

test('uploads sent while staff review wait behind a button, and a click brings them into the grid', async ({ page }) => {
  const arrivals = await seedReviewData('E2E Arrivals', 1);
  await openAs(page, 'sam@example.com', filterUrl({ pageId: arrivals.pageId }));
  await expect(card(page, arrivals.uploads[0]!.id)).toBeVisible();
  // The console reads the newest uploads as the grid arrives: what it counts from, before any is sent.
  await page.waitForLoadState('networkidle');
  const shown = await cards(page).count();

  // Two fans send a clip; nobody reloads the screen, and the grid stays as it is under the pointer.
  const sent = await sendUploads(arrivals, 2);
  const button = page.getByRole('status').getByRole('button', { name: 'Show 2 new uploads' });
  await expect(button).toBeVisible({ timeout: 45_000 });
  await expect(cards(page)).toHaveCount(shown);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  await button.click();
  await expect(cards(page)).toHaveCount(shown + 2);
  await expect(cards(page).first()).toHaveAttribute('data-upload-id', sent[1]!);
  await expect(button).toBeHidden();
});

test('a read-only member sees no edit controls and the API refuses them', async ({ page }) => {
  await openAs(page, 'readonly@example.com', filterUrl({ pageId: data.pageId }));
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await cards(page)
    .first()
    .getByRole('button', { name: /^Open upload/ })
    .click();
  const dialog = page.getByRole('dialog', { name: /Upload from/ });
  await expect(dialog.getByRole('button', { name: 'Copy share link' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^(Approve|Hide|Delete)$/ })).toHaveCount(0);
  await expect(dialog.getByLabel('Add a tag')).toHaveCount(0);
  const id = await cards(page).first().getAttribute('data-upload-id');
  const answer = await page.evaluate(async (uploadId) => {
    const response = await fetch(`/api/upload-videos/${uploadId}/hidden`, { method: 'POST', headers: { 'x-requested-with': 'fan-console' } });
    return response.status;
  }, id);
  expect(answer).toBe(403);
});

test("on a phone, Share hands the video file itself to the share sheet; a failed fetch shows the spec's error", async ({ page }) => {
  // The system share sheet, recorded: Chromium on Linux has no Web Share API of its own.
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { sharedForTest: shared });
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: (share: ShareData) => Boolean(share.files?.length) });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (share: ShareData) => {
        shared.push({ files: (share.files ?? []).map((file) => ({ name: file.name, type: file.type, size: file.size })), url: share.url });
      },
    });
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, 'sam@example.com', `${filterUrl({ pageId: data.pageId })}&submission=${idOf('tagged')}`);
  const dialog = page.getByRole('dialog', { name: /Upload from/ });
  const shared = () =>
    page.evaluate(() => (window as unknown as { sharedForTest: { files: { name: string; type: string; size: number }[]; url: string }[] }).sharedForTest);
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await expect.poll(async () => (await shared()).length).toBe(1);
  const [first] = await shared();
  expect(first!.files).toEqual([{ name: 'original.mp4', type: expect.stringMatching(/^video\//), size: expect.any(Number) }]);
  expect(first!.files[0]!.size).toBeGreaterThan(0);

  await page.route(/original\.mp4/, (route) => route.abort());
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(dialog.getByText('An error occurred while trying to fetch the video for sharing.')).toBeVisible();
  expect(await shared()).toHaveLength(1);
  await page.screenshot({ path: `${SHOTS}/share-error-phone.png` });
});

test('Fan Uploads and its dialog have no serious or critical accessibility violations', async ({ page }) => {
  await openAs(page, 'sam@example.com', filterUrl({ pageId: data.pageId }));
  await expect(cards(page).first()).toBeVisible();
  await noSeriousViolations(page, 'uploads');
  await cards(page)
    .first()
    .getByRole('button', { name: /^Open upload/ })
    .click();
  await expect(page.getByRole('dialog', { name: /Upload from/ }).getByText('Moderation')).toBeVisible();
  await noSeriousViolations(page, 'upload-dialog');
});

test('on the free plan the filter box shows the upload-filter upsell, and the API refuses filters', async ({ page }) => {
  await openAs(page, 'owner@example.com', '/uploads', { account: 'Harbor City FC' });
  await expect(page.getByRole('region', { name: 'Filter fan uploads' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Type/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Requires Approval \(\d+\)$/ })).toBeVisible();
  const status = await page.evaluate(async () => {
    const context = (await (await fetch('/api/auth/context')).json()) as { account: { id: string } };
    return (await fetch(`/api/accounts/${context.account.id}/videos?type=image`)).status;
  });
  expect(status).toBe(402);
});
