import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('the owner edits links and the help address, and they persist', async ({ page }) => {
  await signIn(page, 'owner@example.com');
  await page.getByText('The Midnight Owls').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Configuration' }).click();
  await expect(page).toHaveURL(/\/account-settings$/);

  await page.getByRole('textbox', { name: /^Help email address/ }).fill('crew@owls.example');
  // The demo's links go first (the rest of the test fills the lists from empty).
  const remove = page.getByRole('button', { name: 'Remove link' });
  await expect(remove.first()).toBeVisible();
  while ((await remove.count()) > 0) await remove.first().click();
  const headerAdd = page.getByRole('button', { name: 'Add link' }).first();
  for (let i = 0; i < 6; i++) await headerAdd.click();
  await expect(page.getByRole('button', { name: 'Add link' })).toHaveCount(1);
  const labels = page.getByRole('textbox', { name: /^Label/ });
  const urls = page.getByRole('textbox', { name: /^URL/ });
  for (let i = 5; i >= 2; i--) await page.getByRole('button', { name: 'Remove link' }).nth(i).click();
  await labels.nth(0).fill('Tickets on sale');
  await urls.nth(0).fill('https://owls.example/tickets');
  await page.getByRole('checkbox', { name: 'Primary' }).first().check();
  await labels.nth(1).fill('A label far too long');
  await urls.nth(1).fill('not a url');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Must be 15 characters or less')).toBeVisible();
  await expect(page.getByText('Must be a valid URL')).toBeVisible();
  await labels.nth(1).fill('Merch');
  await urls.nth(1).fill('https://owls.example/merch');

  const preview = page.getByRole('figure', { name: 'Preview on a capture page' });
  await expect(preview.getByRole('button', { name: 'Tickets on sale' })).toBeVisible();
  await expect(preview.getByText('Merch')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Configuration saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: /^Help email address/ })).toHaveValue('crew@owls.example');
  await expect(page.getByRole('textbox', { name: /^Label/ }).nth(0)).toHaveValue('Tickets on sale');
  await expect(page.getByRole('textbox', { name: /^Label/ }).nth(1)).toHaveValue('Merch');
  await expect(page.getByRole('link', { name: 'Help' })).toHaveAttribute('href', 'mailto:crew@owls.example');
});

test('a read-only member sees the configuration without a save button', async ({ page }) => {
  await signIn(page, 'readonly@example.com');
  await expect(page.getByRole('link', { name: 'Insights' })).toBeVisible();
  await page.goto('/account-settings');
  await expect(page.getByRole('textbox', { name: /^Help email address/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add link' })).toHaveCount(0);
});
