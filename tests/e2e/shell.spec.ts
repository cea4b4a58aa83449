import { CONSOLE_REQUEST_HEADER } from '#shared/domain/constants';
import { expect, test } from '@playwright/test';
import { openAs, signIn, signInByApi } from './support';

test('header navigation and user menu of an account user', async ({ page }) => {
  await signInByApi(page, 'user@example.com');
  await page.goto('/');
  for (const name of ['Insights', 'Fan Uploads', 'Fan Data', 'Your Pages']) {
    await expect(page.getByRole('link', { name })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Fan Data' }).click();
  await expect(page).toHaveURL(/\/data$/);
  await expect(page.getByRole('link', { name: 'Fan Data' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Umar Ulrich')).toBeVisible();
  await expect(menu.getByText('The Midnight Owls')).toBeVisible();
  for (const item of ['Profile settings', 'Configuration', 'Users', 'Subscription', 'Log out']) {
    await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await expect(menu.getByText('Platform Admin')).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The account's help address, or the provider's support address when the account has none.
  const { account, systemDefaults } = await (await page.request.get('/api/auth/context')).json();
  const help = account.helpEmailAddress || systemDefaults.supportEmail;
  await expect(page.getByRole('link', { name: 'Help' })).toHaveAttribute('href', `mailto:${help}`);
  await expect(page.getByText(/© \d{4} Fan Content Console/)).toBeVisible();
});

test('platform admins see the Platform Admin group; unknown paths go home', async ({ page }) => {
  await signInByApi(page, 'admin@example.com');
  await page.goto('/select-account');
  await page.getByText('The Midnight Owls').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menu').getByText('Platform Admin')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Accounts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/no/such/screen');
  await expect(page).toHaveURL(/\/$/);
});

test('a visitor is sent to sign in and comes back to the page asked for', async ({ page }) => {
  await page.goto('/data');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'user@example.com');
  await expect(page).toHaveURL(/\/data$/);
});

test('an expired session mid-use returns to the same page after signing in again', async ({ page }) => {
  await openAs(page, 'owner@example.com', '/data', { account: 'The Midnight Owls' });
  // The screen has loaded (its reads done), so the 401 comes from the user's next action.
  await expect(page.getByText('Submitted On')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The session ends on the server while the console is open; the next call answers 401.
  await page.request.get('/api/auth/logout', { headers: { [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value } });
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Switch Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  await signIn(page, 'owner@example.com');
  await page.getByText('The Midnight Owls').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/data$/);
});

test("shows 'Application Changed' when the server's version changes", async ({ page }) => {
  await signInByApi(page, 'owner@example.com');
  let deployed = false;
  await page.route('**/api/**', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers(), ...(deployed ? { 'x-app-version': 'next-release' } : {}) };
    await route.fulfill({ response, headers });
  });
  await page.goto('/select-account');
  await expect(page.getByText('Harbor City FC')).toBeVisible();
  await page.getByText('The Midnight Owls').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('link', { name: 'Insights' })).toBeVisible();
  // Insights has loaded (its reads done), so the new version shows on the user's next action.
  await expect(page.getByText('Total Visitors')).toBeVisible();
  await page.waitForLoadState('networkidle');
  deployed = true;
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Switch Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Application Changed' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('A new application version was released, you will not be able to continue using the old version.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('narrow screens fold the four main items into a dropdown', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await signInByApi(page, 'user@example.com');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Fan Uploads' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sections' }).click();
  await page.getByRole('menuitem', { name: 'Fan Uploads' }).click();
  await expect(page).toHaveURL(/\/uploads$/);
});
