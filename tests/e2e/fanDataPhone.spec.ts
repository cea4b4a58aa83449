import { expect, test } from '@playwright/test';
import { openAs } from './support';

// console.md: Fan Data has 'a dialog to show or hide columns (choice persisted locally)', on phones too.

test.use({ viewport: { width: 390, height: 844 } });

test("on a phone, Fan Data's column chooser decides what each row lists, and the choice survives a reload", async ({ page }) => {
  await openAs(page, 'owner@example.com', '/data', { account: 'The Midnight Owls' });
  const rows = page.getByRole('list').last().getByRole('listitem');
  await expect(rows.filter({ hasText: 'Email: ' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Columns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Show or hide columns' });
  await dialog.getByRole('checkbox', { name: 'Email' }).uncheck();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Email: ' })).toHaveCount(0);

  await page.reload();
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Email: ' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Columns' }).click();
  await dialog.getByRole('button', { name: 'Show all' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(rows.filter({ hasText: 'Email: ' }).first()).toBeVisible();
});
