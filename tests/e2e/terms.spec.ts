import { expect, test } from '@playwright/test';
import { openAs } from './support';

// 'A footer with a terms link and copyright'; capture pages link the terms too.

test("the console footer's terms link opens the platform's terms, not Insights", async ({ page }) => {
  await openAs(page, 'owner@example.com', '/', { account: 'The Midnight Owls' });
  await page.getByRole('link', { name: 'Terms of service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { name: 'Terms of service', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What you send' })).toBeVisible();
});

test("a capture page links the platform's terms until the account names its own", async ({ page }) => {
  await page.goto('/p/midnightowls/summertour2026');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');

  await openAs(page, 'owner@example.com', '/account-settings', { account: 'The Midnight Owls' });
  const field = page.getByLabel('Terms of service link');
  await field.fill('https://midnightowls.example/terms');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Configuration saved')).toBeVisible();

  await page.goto('/p/midnightowls/summertour2026');
  await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', 'https://midnightowls.example/terms');
  await expect(page.getByRole('link', { name: 'terms', exact: true })).toHaveAttribute('href', 'https://midnightowls.example/terms');

  // Blank goes back to the platform's terms.
  await page.goto('/account-settings');
  await field.clear();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Configuration saved')).toBeVisible();
  await page.goto('/p/midnightowls/summertour2026');
  await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
});
