import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openAs, withServerDb } from './support';
import { seriousViolations } from './axe';

/**
 * The Insights home over the demo. On top of the demo's events the test adds its own
 * on The Midnight Owls, so that every filter is sure to change what the screen shows:
 * 5 visits from Greenland 40 days ago (only All Time has them), 4 visits 10 days ago (not in
 * Last 7 Days), 3 yesterday and 2 today on Summer Tour 2026, and 6 visits on Acoustic
 * Sessions yesterday from Madagascar (not in the Summer Tour filter; the demo has none from there).
 */
const SHOTS = '.tmp/insights';
const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

test.beforeAll(async () => {
  await withServerDb(async ({ db }) => {
    const { recordVisit } = await import('../../server/services/captureEvents');
    const account = await db.selectFrom('accounts').select('id').where('slug', '=', 'midnightowls').executeTakeFirstOrThrow();
    const pages = await db.selectFrom('pages').select(['id', 'name']).where('accountId', '=', account.id).execute();
    const tour = pages.find((p) => p.name === 'Summer Tour 2026')!.id;
    const acoustic = pages.find((p) => p.name === 'Acoustic Sessions')!.id;
    const daysAgo = (n: number) => new Date(Date.now() - n * 86400_000).toISOString();
    const plan: Array<[number, number, string, string]> = [
      [40, 5, tour, 'GL'],
      [10, 4, tour, 'FR'],
      [1, 3, tour, 'US'],
      [0, 2, tour, 'US'],
      [1, 6, acoustic, 'MG'],
    ];
    for (const [ago, count, pageId, country] of plan) {
      for (let i = 0; i < count; i++) {
        await recordVisit(db, { accountId: account.id, pageId, visitorId: `e2e-${ago}-${pageId}-${i}`, country, createdAt: daysAgo(ago) });
      }
    }
  });
});

const card = (page: Page, name: string) => page.getByTestId(`stat-${name}`).getByTestId('stat-value');
const number = async (page: Page, name: string) => Number((await card(page, name).textContent())!.replace(/,/g, ''));

async function settled(page: Page) {
  await expect(page.getByTestId('insights')).toHaveAttribute('aria-busy', 'false');
}

/**
 * Changes a filter and waits for the stats read for it: the filters reach the query a moment
 * after the select shows the choice, so aria-busy alone could still say 'false' and the cards
 * the previous range's numbers (a run read Last 30 Days' total as Last 7 Days').
 */
async function changeFilter(page: Page, change: () => Promise<void>) {
  const read = page.waitForResponse((response) => /^\/api\/account-stats\/[^/]+$/.test(new URL(response.url()).pathname));
  await change();
  await read;
  await settled(page);
}

async function choose(page: Page, filter: string, option: string) {
  await changeFilter(page, async () => {
    await page.getByRole('combobox', { name: filter }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  });
}

const chooseRange = (page: Page, label: string) => choose(page, 'Date range', label);

async function openBand(page: Page) {
  await openAs(page, 'sam@example.com', '/');
  await expect(page.getByRole('heading', { name: 'Total Visitors' })).toBeVisible();
  await settled(page);
}

test('each filter changes the cards, charts, map and lists', async ({ page }) => {
  // Five filter changes, two full-page screenshots and two axe runs: 60 s was not enough on a busy 2-core machine.
  test.setTimeout(180_000);
  await openBand(page);
  const greenland = page.getByTestId('country-list').getByText('Greenland');
  await expect(greenland).toBeVisible();
  const allTime = await number(page, 'totalVisitors');
  const shaded = page.locator('path.leaflet-interactive:not([fill="#f5f5f5"])');
  await expect(shaded.first()).toBeVisible();
  const shadedAllTime = await shaded.count();
  // The colour scale is logarithmic: its legend's bins run from 1 to the top country's count,
  // and the countries fall in several shades, not all in the palest one beside a big country.
  const bins = page.getByTestId('map-legend-bin');
  await expect(bins.first()).toHaveText(/^1(–|$)/);
  const topCount = (await page.getByTestId('country-list').getByRole('listitem').first().textContent())!.match(/([\d,]+)$/)![1];
  await expect(bins.last()).toHaveText(new RegExp(`(^|–)${topCount}$`));
  const fills = await shaded.evaluateAll((paths) => new Set(paths.map((path) => path.getAttribute('fill'))).size);
  expect(fills).toBeGreaterThanOrEqual(Math.min(3, await bins.count()));

  await chooseRange(page, 'Last 30 Days');
  const last30 = await number(page, 'totalVisitors');
  expect(last30).toBeLessThanOrEqual(allTime - 5);
  await expect(greenland).toHaveCount(0);
  await expect.poll(() => shaded.count()).toBeLessThan(shadedAllTime);
  await expect(page.getByText(/vs previous 30 days/).first()).toBeVisible();

  await chooseRange(page, 'Last 7 Days');
  const last7 = await number(page, 'totalVisitors');
  expect(last7).toBeLessThanOrEqual(last30 - 4);
  const bars7 = await page.getByTestId('daily-visitors').locator('.recharts-bar-rectangle').count();
  expect(bars7).toBeGreaterThan(0);
  expect(bars7).toBeLessThanOrEqual(7);

  await chooseRange(page, 'Yesterday');
  const yesterday = await number(page, 'totalVisitors');
  expect(yesterday).toBeGreaterThanOrEqual(9);
  expect(yesterday).toBeLessThanOrEqual(last7 - 2);
  await expect(page.getByTestId('daily-visitors').locator('.recharts-bar-rectangle')).toHaveCount(1);

  await choose(page, 'Page', 'Summer Tour 2026');
  expect(await number(page, 'totalVisitors')).toBeLessThanOrEqual(yesterday - 6);
  await expect(page.getByTestId('country-list').getByText('Madagascar')).toHaveCount(0);
  await expect(page.getByTestId('country-list').getByText('United States')).toBeVisible();

  fs.mkdirSync(SHOTS, { recursive: true });
  await chooseRange(page, 'All Time');
  await choose(page, 'Page', 'All Pages');
  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await expect(page.locator('path.leaflet-interactive').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/insights-${size.name}.png`, fullPage: true });
    expect.soft(await seriousViolations(page), `insights at ${size.width}px`).toEqual([]);
  }
});

// One load of Insights for what the date range does to the numbers: typed custom ranges (a
// wrong date, one starting after today, one with no data) and the CSV export of Last 7 Days.
test("numbers have thousands separators; a custom range 'whose start is not before today is ignored', and the screen says so; the CSV export has the filtered days; an empty range says No data to display", async ({
  page,
}) => {
  await openBand(page);
  const allTime = await number(page, 'totalVisitors');
  await expect(card(page, 'totalVisitors')).toHaveText(allTime >= 1000 ? /^\d{1,3}(,\d{3})+$/ : /^\d{1,3}$/);

  await page.getByRole('combobox', { name: 'Date range' }).click();
  await page.getByRole('option', { name: 'Custom', exact: true }).click();
  await page.getByLabel('From', { exact: true }).fill('13/45/20');
  await page.getByLabel('From', { exact: true }).press('Enter');
  await expect(page.getByText('Enter a date as mm/dd/yy')).toBeVisible();
  // Two UTC days ahead is after today in every time zone.
  const ahead = new Date(Date.now() + 2 * 86400_000);
  const typed = [ahead.getUTCMonth() + 1, ahead.getUTCDate(), ahead.getUTCFullYear() % 100].map((n) => String(n).padStart(2, '0')).join('/');
  await page.getByLabel('From', { exact: true }).fill(typed);
  await page.getByLabel('From', { exact: true }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'A range starting today or later is ignored' })).toBeVisible();
  await settled(page);
  expect(await number(page, 'totalVisitors')).toBe(allTime);

  await chooseRange(page, 'Last 7 Days');
  const last7 = await number(page, 'totalVisitors');
  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const [header, ...rows] = (await csv.text()).trim().split('\r\n');
  expect(header).toBe('Date,Total Visitors,Unique Visitors,Fan Uploads,Links Clicked,Video Views');
  expect(rows).toHaveLength(7);
  expect(rows.reduce((sum, row) => sum + Number(row.split(',')[1]), 0)).toBe(last7);

  await page.getByRole('combobox', { name: 'Date range' }).click();
  await page.getByRole('option', { name: 'Custom', exact: true }).click();
  // Typed as mm/dd/yy like the other screens' custom ranges.
  await page.getByLabel('From', { exact: true }).fill('01/01/20');
  await page.getByLabel('From', { exact: true }).press('Enter');
  await page.getByLabel('To', { exact: true }).fill('01/03/20');
  await page.getByLabel('To', { exact: true }).press('Enter');
  await settled(page);
  await expect(card(page, 'totalVisitors')).toHaveText('0');
  await expect(page.getByTestId('visitor-countries').getByText('No data to display')).toBeVisible();
  await expect(page.getByTestId('daily-visitors').getByText('No data to display')).toBeVisible();
});

test("a visit on a capture page appears in today's numbers", async ({ page }) => {
  await openBand(page);
  await chooseRange(page, 'Last 7 Days');
  const before = await number(page, 'totalVisitors');
  // A fan opens the page in a browser of their own: its script reports the visit with its token.
  const fan = await page.context().browser()!.newPage({ userAgent: BROWSER_AGENT });
  const reported = fan.waitForResponse((response) => response.url().endsWith('/visits') && response.status() === 204);
  await fan.goto('/p/midnightowls/summertour2026');
  await reported;
  await fan.close();
  await expect
    .poll(async () => {
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Total Visitors' })).toBeVisible();
      await chooseRange(page, 'Last 7 Days');
      return number(page, 'totalVisitors');
    })
    .toBe(before + 1);
});

test('a plan without filters shows the insight-filter upsell and locks the filters', async ({ page }) => {
  await openAs(page, 'owner@example.com', '/', { account: 'Harbor City FC' });
  await expect(page.getByRole('region', { name: 'Filter your insights' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Page' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Date range' })).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Total Visitors' })).toBeVisible();
});
