import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openAs } from './support';
import { captureEverything, h264Clip, hevcMov, jpegPhoto, latestSubmission, patchAccountLimits, setPage } from './captureSupport';
import { seriousViolations } from './axe';

/** The fan's side at a phone's size: the page, the form, resumable uploads, refusals. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
test.describe.configure({ timeout: 120_000 });

const OWLS = '/p/midnightowls/summertour2026';
const TERMS = ['I am 16 or older', 'I own the rights to this video'];

async function expectNoSeriousAxeViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

async function fillEverything(page: Page) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill('Ada@Example.com');
  await page.getByLabel('Phone').fill('+1 512 555 0100');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State or region').fill('Texas');
  await page.getByLabel('Zip or postal code').fill('78701');
  await page.getByLabel('Country').fill('United States');
  await page.getByLabel('Date of birth').fill('1990-02-28');
  await page.getByLabel('Instagram').fill('@ada.l');
  await page.getByLabel('TikTok').fill('ada_l');
  await page.getByLabel('Show you were at').selectOption('Denver, CO');
  await page.getByLabel('Song').selectOption('Hollow Moon');
  await page.getByLabel('Artist').selectOption('Guest: Ada Strings');
  await page.getByLabel('I agree to receive marketing').check();
  for (const term of TERMS) await page.getByLabel(term).check();
}

test.describe.serial('capture page', () => {
  let undo: () => Promise<void>;
  test.beforeAll(async () => {
    undo = await captureEverything('midnightowls', 'summertour2026', TERMS);
  });
  test.afterAll(async () => undo?.());

  test('the server writes the title, social tags and a first paint; unknown pages are a 404 page', async ({ request }) => {
    const response = await request.get(OWLS);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('private, no-cache');
    const html = await response.text();
    expect(html).toContain('<title>Share your best moment from the show! | The Midnight Owls</title>');
    expect(html).toContain('<meta property="og:title" content="Share your best moment from the show! | The Midnight Owls" />');
    expect(html).toContain('<meta property="og:image" content="http://localhost:');
    expect(html).toMatch(/<h1>Share your best moment from the show!<\/h1>/);
    const missing = await request.get('/p/midnightowls/nosuchpage');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('This page does not exist.');
  });

  test('is never blank before its script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(OWLS);
    await expect(page.getByRole('heading', { name: 'Share your best moment from the show!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'The Midnight Owls' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tickets' })).toHaveClass('primary');
    await expect(page.getByRole('status')).toHaveText('Loading the form…');
    await context.close();
  });

  test('a fan fills every field, uploads an H.264 mp4 and is thanked; the rows hold what was entered', async ({ page }) => {
    await page.goto(OWLS);
    await expect(page.getByRole('heading', { name: 'Share your best moment from the show!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tickets' })).toHaveClass('primary');
    // The account's secondary colour fills both pickers (Choose, Record), white text on its dark teal.
    for (const name of ['Choose video or photo', 'Record a video']) {
      await expect(page.getByText(name, { exact: true })).toHaveCSS('background-color', 'rgb(15, 118, 110)');
      await expect(page.getByText(name, { exact: true })).toHaveCSS('color', 'rgb(255, 255, 255)');
    }

    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Choose a video or photo to send.')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription('Required');
    await expect(page.getByLabel(TERMS[0])).toHaveAccessibleDescription('You must agree to the terms');
    await expect(page.getByLabel('Choose a video or photo')).toBeFocused();
    await expectNoSeriousAxeViolations(page);

    await page.getByLabel('Email').fill('not an email');
    await page.getByLabel('Choose a video or photo').setInputFiles(h264Clip());
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expect(page.getByText('Upload complete')).toBeVisible();
    await expect(page.getByText('100%')).toBeVisible();
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Must be a valid email');

    await fillEverything(page);
    // Country and US state are searchable lists (ISO 3166 names in the fan's language), sent as codes.
    await expect(page.locator('#f-country-list option')).toHaveCount(249);
    await expect(page.locator('#f-country-list option[value="United States"]')).toHaveCount(1);
    await expect(page.locator('#f-state-list option[value="Texas"]')).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath('capture-filled-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('capture-thanks-390.png') });

    const saved = await latestSubmission('midnightowls', 'summertour2026');
    expect(saved?.submission).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+1 512 555 0100',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
      dob: '1990-02-28',
      instagram: 'ada.l',
      tiktok: 'ada_l',
      venueCity: 'Denver, CO',
      song: 'Hollow Moon',
      artist: 'Guest: Ada Strings',
    });
    expect(saved?.upload).toMatchObject({ type: 'video' });
    const consents = JSON.parse(String(saved?.consent?.consents)) as { text: string; accepted: boolean }[];
    expect(consents.map((c) => [c.text, c.accepted])).toEqual([
      ['I agree to receive marketing and promotional communications.', true],
      [TERMS[0], true],
      [TERMS[1], true],
    ]);

    await page.getByRole('button', { name: 'Upload another' }).click();
    await expect(page.getByLabel('First name')).toHaveValue('');
    await expect(page.getByLabel('Choose a video or photo')).toBeAttached();
  });

  test('an iPhone HEVC .mov and a photo go through on a paid plan', async ({ page }) => {
    for (const file of [hevcMov(), jpegPhoto()]) {
      await page.goto(OWLS);
      await page.getByLabel('Choose a video or photo').setInputFiles(file);
      await fillEverything(page);
      await expect(page.getByText('Upload complete')).toBeVisible();
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
      const saved = await latestSubmission('midnightowls', 'summertour2026');
      expect(saved?.upload?.type).toBe(file.endsWith('.jpg') ? 'image' : 'video');
    }
  });

  test('an upload cut off half-way resumes after a reload without sending again what arrived', async ({ page }) => {
    const clip = h264Clip(8);
    const size = fs.statSync(clip).size;
    const chunk = 16 * 1024;
    expect(size).toBeGreaterThan(chunk * 3);
    // Small chunks, so the test can cut the connection after the first one.
    await page.route(OWLS, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(/"chunkSize":\d+/, `"chunkSize":${chunk}`) });
    });
    // The connection drops after the first chunk and stays down until the tab is reloaded.
    let patches = 0;
    let connected = false;
    await page.route('**/api/public/uploads/*', (route) => {
      if (!connected && route.request().method() === 'PATCH' && ++patches > 1) return route.abort('internetdisconnected');
      return route.continue();
    });
    await page.goto(OWLS);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Choose a video or photo').setInputFiles(clip);
    await expect(page.getByText('Connection lost, retrying…')).toBeVisible();

    await page.reload();
    connected = true;
    const sent: { method: string; offset?: string; bytes: number }[] = [];
    page.on('request', (request) => {
      if (!request.url().includes('/api/public/uploads')) return;
      sent.push({ method: request.method(), offset: request.headers()['upload-offset'], bytes: request.postDataBuffer()?.length ?? 0 });
    });
    await expect(page.getByLabel('First name')).toHaveValue('Grace');
    await expect(page.getByText(/stopped at \d+%\. Choose the same file again/)).toBeVisible();
    await page.getByLabel('Choose a video or photo').setInputFiles(clip);
    await expect(page.getByText('Upload complete')).toBeVisible();
    await expect(page.getByText(/Resumed where it stopped/)).toBeVisible();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
    const patchesAfter = sent.filter((r) => r.method === 'PATCH');
    expect(patchesAfter[0]?.offset).toBe(String(chunk));
    expect(patchesAfter.reduce((sum, r) => sum + r.bytes, 0)).toBe(size - chunk);
  });

  test('every refusal shows its message', async ({ page }) => {
    const expectRefusal = async (path: string, message: string) => {
      await page.goto(path);
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);
    };
    await expectRefusal('/p/midnightowls/nosuchpage', 'This page does not exist.');
    await expectRefusal('/p/midnightowls/acousticsessions', 'This page is not available right now.');
    await expectRefusal('/p/granitepeak/seasonopener', 'This page is not available: the account is not active.');
    await page.screenshot({ path: test.info().outputPath('capture-refused-390.png') });
    await setPage('harborcityfc', 'matchdaymoments', { allowSubmissions: 0 });
    await expectRefusal('/p/harborcityfc/matchdaymoments', 'This page is not accepting uploads right now.');
    await setPage('harborcityfc', 'matchdaymoments', { allowSubmissions: 1 });
    // Written straight into the database by this test: the server sees another process's change
    // to an account's plan within its lookup cache's two seconds, so the page is loaded until it
    // does. Each load waits for what the fan sees, the form or the refusal, then reads which one:
    // waiting for the refusal alone spent the expect timeout (10 s) on a load that showed the form.
    const picker = page.getByLabel('Choose a video', { exact: true });
    const capReached = page.getByText('This page has reached its upload limit and cannot take more uploads.');
    const loadCapturePage = async () => {
      await page.goto('/p/harborcityfc/matchdaymoments');
      await expect(picker.or(capReached)).toBeVisible();
    };
    const restore = await patchAccountLimits('harborcityfc', { uploads: 0 });
    await expect(async () => {
      await loadCapturePage();
      expect(await capReached.isVisible()).toBe(true);
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);
    await restore();

    // Free plan: videos only; wrong kinds and sizes are refused before a byte is sent.
    await expect(async () => {
      await loadCapturePage();
      expect(await picker.isVisible()).toBe(true);
    }).toPass({ timeout: 20_000 });
    await expect(picker).toHaveAttribute('accept', /\.mov/);
    await expect(picker).not.toHaveAttribute('accept', /\.jpg/);
    await picker.setInputFiles(jpegPhoto());
    await expect(page.getByRole('alert').filter({ hasText: 'This page takes videos only.' })).toBeVisible();
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('This file type is not supported.')).toBeVisible();
    await page.goto(OWLS);
    await page.getByLabel('Choose a video or photo').setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(26 * 1024 * 1024) });
    await expect(page.getByText('This file is too large. Photos can be at most 25 MB.')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('capture-too-large-390.png') });
  });

  test('looks right on a phone and on a desktop', async ({ page }) => {
    await page.goto(OWLS);
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('capture-390x844.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: test.info().outputPath('capture-1280x800.png') });
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe('console links', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
  test("the page's Mobile link opens it in a phone-sized window", async ({ page }) => {
    await openAs(page, 'sam@example.com', '/pages');
    await page
      .getByRole('row', { name: /Summer Tour 2026/ })
      .getByText('Summer Tour 2026')
      .click();
    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: 'Mobile' }).click();
    const phone = await popup;
    await expect(phone.getByRole('heading', { name: 'Share your best moment from the show!' })).toBeVisible();
    expect(await phone.evaluate(() => window.innerWidth)).toBeLessThanOrEqual(390);
    const [pageLink] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Page', exact: true }).click()]);
    await expect(pageLink.getByRole('button', { name: 'Send' })).toBeVisible();
  });
});
