import fs from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { makePng } from '../fixtures/images';
import { openAs, outbox, withServerDb } from './support';
import { seriousViolations } from './axe';

/**
 * Rights requests in Chromium: staff select two uploads of one fan in Fan Uploads and request the
 * rights from the bulk bar (a dialog says what the fan gets); the fan's mail links to a page they
 * open signed out, grant one and decline the other; the console shows the badges, the rights
 * filter finds the granted one and Fan Data has the column; the fan revokes later and the badge
 * follows. axe finds nothing serious on each screen, at 1280 and 390 px, and each is shot there.
 * Everything it makes is on a page of its own: no shared setting changes.
 */
const SHOTS = '.tmp/a11y/rights';
const SIZES = [
  { name: '1280', width: 1280, height: 800 },
  { name: '390', width: 390, height: 844 },
];
const FAN = `rhea.rights.${Date.now().toString(36)}@example.com`;

interface Setup {
  pageId: string;
  pageName: string;
  video: string;
  photo: string;
}
let setup: Setup;

test.beforeAll(async () => {
  const { insertUpload, insertSubmission } = await import('../server/uploadFixtures');
  const { newId } = await import('../../server/db/rows');
  const { createPage } = await import('../../server/services/pages');
  const filesDir = path.join(process.env.E2E_DATA_DIR!, 'files');
  setup = await withServerDb(async ({ db }) => {
    const account = await db.selectFrom('accounts').select('id').where('slug', '=', 'midnightowls').executeTakeFirstOrThrow();
    const pageName = `E2E Rights ${newId().slice(0, 6)}`;
    const page = await createPage(db, account.id, pageName);
    await db.updateTable('pages').set({ status: 'enabled' }).where('id', '=', page.id).execute();
    const now = new Date().toISOString();
    const make = async (type: 'video' | 'image') => {
      const id = newId();
      const thumbnail = `uploads/${account.id}/${id}/thumbnail.png`;
      const file = path.join(filesDir, ...thumbnail.split('/'));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, makePng(320, 180));
      await insertUpload(db, {
        id,
        accountId: account.id,
        pageId: page.id,
        type,
        thumbnail,
        ...(type === 'image' ? { image: thumbnail, mp4: null } : {}),
        approvedAt: now,
      });
      await insertSubmission(db, { accountId: account.id, pageId: page.id, uploadId: id, email: FAN, firstName: 'Rhea', lastName: 'Rights', locale: 'en' });
      return id;
    };
    return { pageId: page.id, pageName, video: await make('video'), photo: await make('image') };
  });
});

const card = (page: Page, id: string) => page.locator(`[data-upload-id="${id}"]`);
const uploadsUrl = (filter: Record<string, string> = {}) => `/uploads?filter=${encodeURIComponent(JSON.stringify({ pageId: setup.pageId, ...filter }))}`;

/**
 * Shoots the page at both widths, checking axe at each: the whole page, one part of it, or (with
 * `around`) the screen scrolled to that element, which a long form needs.
 */
async function checkAtBothSizes(page: Page, name: string, part?: () => ReturnType<Page['locator']>, { around = false } = {}) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    // axe first: it waits for transitions to end (a dialog fading in), so the shot shows the screen settled.
    expect.soft(await seriousViolations(page), `${name} at ${size.name} px`).toEqual([]);
    const file = `${SHOTS}/${name}-${size.name}.png`;
    if (part && around) {
      await part().scrollIntoViewIfNeeded();
      await page.screenshot({ path: file });
    } else if (part) await part().screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: true });
  }
  await page.setViewportSize(SIZES[0]);
}

/** The link of the fan's rights mail. */
async function rightsLink(): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = outbox()
        .filter((m) => m.to === FAN)
        .at(-1);
      link = mail?.text.match(/https?:\/\/\S+\/rights\/\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  // The mail names the server's public address; the test's browser reaches the same server by its own.
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** One clip's answer form on the fan's page, by the clip's kind. */
const clipForm = (page: Page, kind: 'Video' | 'Photo') => page.getByRole('form', { name: new RegExp(`^${kind} · `) });

test('staff request the rights to two uploads; the fan grants one, declines the other, then revokes', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await openAs(page, 'sam@example.com', uploadsUrl());
  await expect(page.locator('[data-upload-id]')).toHaveCount(2);
  await card(page, setup.video).getByRole('checkbox').click();
  await card(page, setup.photo).getByRole('checkbox').click();
  const bar = page.getByRole('toolbar', { name: '2 selected' });
  await expect(bar.getByRole('button', { name: 'Request rights' })).toBeVisible();
  await checkAtBothSizes(page, 'bulk-bar', () => bar);

  await bar.getByRole('button', { name: 'Request rights' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request the rights to 2 uploads?' });
  await expect(dialog).toBeVisible();
  await checkAtBothSizes(page, 'request-dialog');
  await dialog.getByRole('button', { name: 'Send requests' }).click();
  await expect(page.getByText('Rights requested: 1 mail sent')).toBeVisible();
  await expect(card(page, setup.video).getByText('Rights Requested')).toBeVisible();
  await expect(card(page, setup.photo).getByText('Rights Requested')).toBeVisible();

  // The fan, signed out, in a browser of their own.
  const link = await rightsLink();
  const fanContext = await browser.newContext();
  try {
    const fan = await fanContext.newPage();
    await fan.goto(link);
    await expect(fan.getByRole('heading', { level: 1, name: 'The rights to use your clips' })).toBeVisible();
    await checkAtBothSizes(fan, 'fan-page');
    await clipForm(fan, 'Video').getByRole('button', { name: 'I grant the rights' }).click();
    await expect(fan.getByRole('status')).toHaveText('Your answer is saved.');
    await clipForm(fan, 'Photo').getByRole('button', { name: 'I decline' }).click();
    await expect(fan.getByRole('status')).toHaveText('Your answer is saved.');
    await expect(fan.getByText('You granted the rights')).toBeVisible();
    await expect(fan.getByText('You declined')).toBeVisible();
    await checkAtBothSizes(fan, 'fan-page-answered');

    // The console shows the answers as badges, and the rights filter finds the granted one.
    await page.goto(uploadsUrl());
    await expect(card(page, setup.video).getByText('Rights Granted')).toBeVisible();
    await expect(card(page, setup.photo).getByText('Rights Declined')).toBeVisible();
    await checkAtBothSizes(page, 'badges', () => page.locator('xpath=//*[count(.//*[@data-upload-id]) >= 2][not(.//*[count(.//*[@data-upload-id]) >= 2])]'));
    const rights = page.getByRole('combobox', { name: /^Rights/ });
    await rights.click();
    await page.getByRole('option', { name: 'Rights granted', exact: true }).click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(rights).toHaveText('Rights granted');
    await expect(page.locator('[data-upload-id]')).toHaveCount(1);
    await expect(card(page, setup.video)).toBeVisible();
    await checkAtBothSizes(page, 'rights-filter');
    // On a phone the filters fold away: open, the rights filter shows what it holds.
    await page.setViewportSize(SIZES[1]);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await expect(rights).toBeVisible();
    expect.soft(await seriousViolations(page), 'rights filter open at 390 px').toEqual([]);
    await page.screenshot({ path: `${SHOTS}/rights-filter-open-390.png`, fullPage: true });
    await page.setViewportSize(SIZES[0]);

    // Fan Data: a column of its own.
    await page.goto(`/data?filter=${encodeURIComponent(JSON.stringify({ pageId: setup.pageId }))}`);
    await expect(page.getByRole('row')).toHaveCount(3);
    await expect(page.getByRole('row').first().getByText('Rights', { exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Granted' })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: 'Declined' })).toHaveCount(1);
    // The table is wider than the screen: the shot shows the rights column.
    await page.getByRole('row').first().getByText('Rights', { exact: true }).scrollIntoViewIfNeeded();
    await checkAtBothSizes(page, 'fan-data');

    // Later, the fan takes the grant back.
    await fan.goto(link);
    await clipForm(fan, 'Video').getByRole('button', { name: 'Revoke my grant' }).click();
    await expect(fan.getByRole('status')).toHaveText('Your answer is saved.');
    await expect(fan.getByText('You revoked your grant')).toBeVisible();
  } finally {
    await fanContext.close();
  }
  await page.goto(uploadsUrl());
  await expect(card(page, setup.video).getByText('Rights Revoked')).toBeVisible();
  await expect(card(page, setup.photo).getByText('Rights Declined')).toBeVisible();

  // The account's setting that keeps clips without a grant off the wall (looked at, not changed).
  await page.goto('/account-settings');
  const setting = page
    .getByRole('switch', { name: 'Only use clips with rights granted' })
    .or(page.getByRole('checkbox', { name: 'Only use clips with rights granted' }));
  await expect(setting).toBeVisible();
  await setting.scrollIntoViewIfNeeded();
  await checkAtBothSizes(page, 'account-setting', () => setting, { around: true });
});
