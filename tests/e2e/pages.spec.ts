import { expect, test } from '@playwright/test';
import { openAs } from './support';

test("lists the account's pages with their public address and status, sortable by the server", async ({ page }) => {
  await openAs(page, 'user@example.com', '/pages');
  await expect(page).toHaveURL(/\/pages$/);
  const summer = page.getByRole('row', { name: /Summer Tour 2026/ });
  await expect(summer.getByText('/p/midnightowls/summertour2026')).toBeVisible();
  await expect(summer.getByText('Enabled')).toBeVisible();
  await expect(page.getByRole('row', { name: /Album Launch Party/ }).getByText('Archived')).toBeVisible();
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(page.getByRole('row').nth(1)).toContainText('Acoustic Sessions');
  await expect(page.getByRole('row', { name: /Match Day Moments/ })).toHaveCount(0);
});

test('creates a page and a copy of another from the New Page dialog', async ({ page }) => {
  await openAs(page, 'sam@example.com', '/pages');
  await page.getByRole('button', { name: 'New Page' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Required fields missing or invalid')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Winter Tour 2027');
  await dialog.getByRole('combobox', { name: /Copy settings from/ }).click();
  await page.getByRole('option', { name: 'Summer Tour 2026' }).click();
  // 'Enter without Shift submits' the single-line dialog.
  await dialog.getByRole('textbox', { name: /^Name/ }).press('Enter');
  await expect(page.getByText('Page Winter Tour 2027 created')).toBeVisible();
  const row = page.getByRole('row', { name: /Winter Tour 2027/ });
  await expect(row.getByText('/p/midnightowls/wintertour2027')).toBeVisible();
  await expect(row.getByText('Not enabled')).toBeVisible();
});

test('read-only members get no New Page button', async ({ page }) => {
  await openAs(page, 'readonly@example.com', '/pages');
  await expect(page.getByRole('row', { name: /Summer Tour 2026/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Page' })).toHaveCount(0);
});
