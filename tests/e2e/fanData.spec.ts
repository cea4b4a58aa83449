import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { openAs, withServerDb } from './support';
import { seriousViolations } from './axe';
import { resolveMediaTools } from '../../server/adapters/media/tools';

/**
 * Fan Data: filters in the URL, columns that survive a reload, an upload played in a
 * dialog, a CSV export equal to the table, a fan erased; axe-core on the screen and its dialogs.
 * Its rows sit on a page of their own, so demo data elsewhere does not change what is counted.
 */
// Not a word of the console's own (the French walk, run later on the same server, looks for those).
const PAGE_NAME = 'Supporters E2E';
const SHOTS = '.tmp/fan-data';
const HYPERLINK = '=HYPERLINK("http://evil.example","click")';
let uploadId = '';
let pageId = '';
/** Unique per set-up: a failed test restarts the worker, which runs beforeAll again. */
let eraseEmail = '';

test.beforeAll(async () => {
  const { createPage } = await import('../../server/services/pages');
  const { newId } = await import('../../server/db/rows');
  await withServerDb(async ({ db, config }) => {
    const account = await db.selectFrom('accounts').select('id').where('slug', '=', 'midnightowls').executeTakeFirstOrThrow();
    const page = await createPage(db, account.id, PAGE_NAME);
    pageId = page.id;
    eraseEmail = `erase.me.${Date.now()}@example.com`;
    // Uploads keep storage keys (the API answers their URLs). A real one-second clip, so the player has something to play.
    uploadId = newId();
    const key = `uploads/${account.id}/${uploadId}/video.webm`;
    const file = path.join(config.dataDir, 'files', ...key.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    execFileSync(resolveMediaTools({ ffmpegPath: process.env.FFMPEG_PATH }).ffmpeg, [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=10',
      '-t',
      '1',
      '-c:v',
      'libvpx',
      '-b:v',
      '200k',
      file,
    ]);
    const now = '2025-03-01T10:00:00.000Z';
    const upload = (id: string, webm: string | null) => ({
      id,
      accountId: account.id,
      pageId: page.id,
      type: 'video' as const,
      status: 'processed',
      encodingStatus: 'processed',
      original: webm ?? `uploads/${account.id}/${id}/original.mov`,
      mp4: null,
      webm,
      thumbnail: null,
      image: null,
      encodingError: null,
      customThumbnail: null,
      approvedAt: null,
      isHidden: 0,
      isAllowed: 1,
      viewCount: 7,
      likeCount: 2,
      shareToken: newId(),
      tags: '[]',
      moderationStatus: 'processed',
      moderationLabels: '[]',
      createdAt: now,
      updatedAt: now,
    });
    const eraseUploadId = newId();
    await db
      .insertInto('uploads')
      .values([upload(uploadId, key), upload(eraseUploadId, null)])
      .execute();
    const fan = (day: string, fields: Record<string, unknown>) => ({
      id: newId(),
      accountId: account.id,
      pageId: page.id,
      uploadId: null,
      firstName: null,
      lastName: null,
      email: null,
      dob: null,
      country: 'US',
      city: null,
      state: null,
      zip: null,
      phone: null,
      instagram: null,
      tiktok: null,
      venueCity: null,
      song: null,
      artist: null,
      marketingConsent: 0,
      termsAccepted: '[]',
      createdAt: `${day}T12:00:00.000Z`,
      ...fields,
    });
    const submissions = [
      fan('2025-03-01', {
        uploadId,
        firstName: 'Ana',
        lastName: 'Player',
        email: 'ana.player@example.com',
        venueCity: 'Austin',
        song: 'Night Owl',
        marketingConsent: 1,
      }),
      fan('2025-03-02', { firstName: HYPERLINK, lastName: 'Evil', email: 'evil@example.com', venueCity: 'Boston', phone: '+1 555 0100' }),
      fan('2025-03-03', { uploadId: eraseUploadId, firstName: 'Eve', lastName: 'Erased', email: eraseEmail, venueCity: 'Austin' }),
    ];
    await db.insertInto('submissions').values(submissions).execute();
    await db
      .insertInto('consentRecords')
      .values({ id: newId(), accountId: account.id, pageId: page.id, submissionId: submissions[2]!.id, consents: '[]', createdAt: now })
      .execute();
  });
});

/** The e-mails the table shows, top to bottom. */
async function tableEmails(page: Page): Promise<string[]> {
  const cells = page.getByRole('row').locator('td:nth-child(3)');
  return cells.allInnerTexts();
}

/** Fan Data as an account admin, filtered to this spec's page (by its menu, or straight by URL). */
async function openFanData(page: Page, { byMenu = false } = {}) {
  if (byMenu) {
    await openAs(page, 'sam@example.com', '/pages');
    await page.getByRole('link', { name: 'Fan Data' }).first().click();
    await expect(page).toHaveURL(/\/data/);
    await page.getByRole('combobox', { name: /^Page/ }).click();
    await page.locator(`[role="option"][data-value="${pageId}"]`).click();
  } else {
    await openAs(page, 'sam@example.com', `/data?filter=${encodeURIComponent(JSON.stringify({ pageId }))}`);
  }
  await expect(page.getByRole('row')).toHaveCount(4);
}

/** Serious and critical axe-core violations, named by rule and element. */
async function expectAccessible(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  expect.soft(await seriousViolations(page), name).toEqual([]);
}

async function downloadCsv(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^midnightowls-fan-data-\d{4}-\d{2}-\d{2}\.csv$/);
  return parse(fs.readFileSync(await download.path(), 'utf8')) as string[][];
}

test('filters in the URL, and the CSV export holds exactly the filtered rows with formulas neutralised', async ({ page }) => {
  await openFanData(page, { byMenu: true });
  await expect(page.getByRole('combobox', { name: /^Page/ })).toHaveText(PAGE_NAME);
  const header = page.getByRole('row').first();
  for (const column of [
    'Submitted On',
    'Name',
    'Email',
    'DOB',
    'Country',
    'City/State',
    'Zip',
    'Phone',
    'Instagram',
    'TikTok',
    'Venue City',
    'Song Title',
    'Artist',
    'Views',
    'Likes',
    'Upload',
    'Marketing Consent',
    'Rights',
  ]) {
    await expect(header.getByText(column, { exact: true })).toBeVisible();
  }
  expect(await tableEmails(page)).toEqual([eraseEmail, 'evil@example.com', 'ana.player@example.com']);

  const all = await downloadCsv(page);
  expect(all.slice(1).map((row) => row[2])).toEqual(await tableEmails(page));
  const evil = all.find((row) => row[2] === 'evil@example.com')!;
  expect(evil[1]).toBe(`'${HYPERLINK} Evil`);
  expect(evil[7]).toBe(`'+1 555 0100`);
  // Countries are stored as ISO 3166 codes and shown as names, in the table and the CSV.
  expect(evil[4]).toBe('United States');
  await expect(page.getByRole('row', { name: /evil@example\.com/ }).getByText('United States', { exact: true })).toBeVisible();

  await page.getByRole('textbox', { name: 'Venue' }).fill('Austin');
  await expect(page.getByRole('row')).toHaveCount(3);
  await expect(page).toHaveURL(/venue/);
  const austin = await tableEmails(page);
  expect(austin).toEqual([eraseEmail, 'ana.player@example.com']);
  const filtered = await downloadCsv(page);
  expect(filtered.slice(1).map((row) => row[2])).toEqual(austin);

  // Sorting is the server's, and the export follows it.
  await page.getByRole('button', { name: 'Email' }).click();
  await expect(page).toHaveURL(/sort=email/);
  await expect.poll(() => tableEmails(page)).toEqual(['ana.player@example.com', eraseEmail]);
  expect((await downloadCsv(page)).slice(1).map((row) => row[2])).toEqual(['ana.player@example.com', eraseEmail]);

  // The filters live in the URL: a reload shows the same rows.
  await page.reload();
  await expect(page.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('textbox', { name: 'Venue' })).toHaveValue('Austin');
});

test('hidden columns stay hidden after a reload, and come back', async ({ page }) => {
  await openFanData(page);
  await page.getByRole('button', { name: 'Columns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Show or hide columns' });
  await dialog.getByRole('checkbox', { name: 'Phone' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Zip' }).uncheck();
  await expectAccessible(page, 'columns-dialog');
  await dialog.getByRole('button', { name: 'Done' }).click();
  const header = page.getByRole('row').first();
  await expect(header.getByText('Phone', { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('row').first().getByText('Email', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').first().getByText('Phone', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('row').first().getByText('Zip', { exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('app.fanData.hiddenColumns'))).toBe('["phone","zip"]');
  await page.getByRole('button', { name: 'Columns' }).click();
  await dialog.getByRole('button', { name: 'Show all' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row').first().getByText('Phone', { exact: true })).toBeVisible();
});

test('plays the linked video in a dialog', async ({ page }) => {
  await openFanData(page);
  await page.getByRole('button', { name: 'Play the upload of Ana Player' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload of Ana Player' });
  const video = dialog.locator('video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(2);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0);
  await expectAccessible(page, 'play-dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('an account admin finds a fan by email and erases their rows and uploads', async ({ page }) => {
  // Find, erase (files removed), then the erasure log: long on a busy shared machine.
  test.slow();
  await openFanData(page);
  await expectAccessible(page, 'fan-data-1280');
  await page.getByRole('button', { name: "Erase a fan's data" }).click();
  const dialog = page.getByRole('dialog', { name: "Erase a fan's data" });
  await dialog.getByRole('textbox', { name: "Fan's email" }).fill('not an email');
  await dialog.getByRole('button', { name: 'Find' }).click();
  await expect(dialog.getByText(/valid email/i)).toBeVisible();
  await dialog.getByRole('textbox', { name: "Fan's email" }).fill(eraseEmail.replace('erase.me', 'Erase.Me'));
  await dialog.getByRole('button', { name: 'Find' }).click();
  await expect(dialog.getByText('This account holds 1 submission(s), 1 upload(s) and 1 consent record(s) for this fan.')).toBeVisible();
  await expectAccessible(page, 'erase-dialog');
  await dialog.getByRole('button', { name: 'Erase' }).click();
  const confirm = page.getByRole('dialog', { name: "Erase this fan's data?" });
  await expect(confirm.getByText(`${eraseEmail} will be erased for good`, { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Erase' }).click();
  await expect(dialog.getByText(/^Erased 1 submission\(s\), 1 consent record\(s\) and 1 upload\(s\) on/)).toBeVisible();
  await expect(dialog.getByText(/^This account holds/)).toHaveCount(0);
  // The erasure log says that it happened, when and who asked; never whose data it was.
  const erasures = dialog.getByRole('region', { name: 'Erasures' });
  await expect(erasures.getByText(/^Requested by /).first()).toBeVisible();
  await expect(erasures).not.toContainText(/erase\.me/i);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('row')).toHaveCount(3);
  expect(await tableEmails(page)).toEqual(['evil@example.com', 'ana.player@example.com']);
  const left = await withServerDb(({ db }) =>
    db
      .selectFrom('submissions')
      .innerJoin('uploads', 'uploads.id', 'submissions.uploadId')
      .select('uploads.id')
      .where('submissions.email', '=', eraseEmail)
      .execute(),
  );
  expect(left).toEqual([]);
});

test('read-only members see the data but cannot erase; the phone layout passes axe-core', async ({ page }) => {
  await openAs(page, 'readonly@example.com', `/data?filter=${encodeURIComponent(JSON.stringify({ pageId }))}`);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  await expect(page.getByRole('button', { name: "Erase a fan's data" })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('ana.player@example.com', { exact: false }).first()).toBeVisible();
  await expectAccessible(page, 'fan-data-390');
});

test('the privacy note in account settings says how long data is kept and how to ask for erasure', async ({ page }) => {
  await openAs(page, 'sam@example.com', '/account-settings');
  const note = page.getByRole('region', { name: 'Fan data and privacy' });
  await expect(note.getByText(/kept for as long as this account exists/)).toBeVisible();
  await expect(note.getByText(/may ask for their data to be erased by writing to/)).toBeVisible();
});
