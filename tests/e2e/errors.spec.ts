import { expect, test } from '@playwright/test';
import { openAs } from './support';

const json = (status: number, body: object) => ({ status, contentType: 'application/json', body: JSON.stringify(body) });
const forbidden = json(403, { status: 403, error: 'AuthorizationError', message: 'You may not do this', errors: [] });

test("'A 403 authorization error sends the user to /': react-admin's reads and request() calls alike", async ({ page }) => {
  await openAs(page, 'user@example.com', '/');
  await expect(page.getByText('Total Visitors')).toBeVisible();

  // A custom screen's own call (the subscription, read through request()).
  await page.route('**/api/accounts/*/subscription?*', (route) => route.fulfill(forbidden));
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Subscription' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Total Visitors')).toBeVisible();

  // A react-admin list (Your Pages, read through the data provider).
  await page.route('**/api/accounts/*/pages?*', (route) => route.fulfill(forbidden));
  await page.getByRole('link', { name: 'Your Pages' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Total Visitors')).toBeVisible();
  // Handled by going home: no Error dialog and no toast on top.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('You may not do this')).toHaveCount(0);
});

test("an error nobody handles opens the 'Error' dialog with its status, message and items", async ({ page }) => {
  await openAs(page, 'user@example.com', '/pages');
  await page.getByRole('row').nth(1).click();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await page.route('**/api/pages/*', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill(
          json(500, { status: 500, error: 'InternalError', message: 'The server stumbled', errors: [{ path: '', message: 'Try again in a minute' }] }),
        )
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Status: 500');
  await expect(dialog).toContainText('Message: The server stumbled');
  await expect(dialog).toContainText('Try again in a minute');
  // The dialog, not a toast as well.
  await expect(page.getByRole('alert').filter({ hasText: 'The server stumbled' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('logout clears the user and reloads the application', async ({ page }) => {
  await openAs(page, 'user@example.com', '/');
  await page.evaluate(() => Object.assign(window, { stillTheSameLoad: true }));
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  expect(await page.evaluate(() => 'stillTheSameLoad' in window)).toBe(false);
});

test('every GET the console makes carries a cache-buster, the map and the CSV export included', async ({ page }) => {
  const seen: string[] = [];
  const unbusted: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' || !(url.pathname.startsWith('/api/') || url.pathname.startsWith('/assets/maps/'))) return;
    seen.push(url.pathname);
    if (!url.searchParams.has('_')) unbusted.push(url.pathname);
  });
  await openAs(page, 'owner@example.com', '/', { account: 'The Midnight Owls' });
  await expect(page.getByText('Visitors by Country')).toBeVisible();
  await expect.poll(() => seen.some((path) => path.startsWith('/assets/maps/'))).toBe(true);
  await page.getByRole('link', { name: 'Fan Data' }).click();
  await expect(page.getByText('Submitted On')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  expect((await download).url()).toMatch(/export-submissions\?_=\d+/);
  expect(unbusted).toEqual([]);
});
