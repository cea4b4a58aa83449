import { expect, test, type Page } from '@playwright/test';
import { openAs } from './support';
import { seedReviewData, uploadRow, type ReviewData } from './uploadsSupport';

// platform-admin.md section 4: 'isHidden shows Hidden and toggles with Hide and Show' (Platform Uploads too).

const card = (page: Page, id: string) => page.locator(`[data-upload-id="${id}"]`);

let data: ReviewData;
test.beforeAll(async () => {
  data = await seedReviewData('E2E Platform Hide', 2);
});

test('a platform admin hides and shows an upload from the Platform Uploads grid and from its dialog', async ({ page }) => {
  const id = data.uploads.find((upload) => upload.kind === 'tagged')!.id;
  await openAs(page, 'admin@example.com', `/admin/uploads?filter=${encodeURIComponent(JSON.stringify({ accountId: data.accountId }))}`, {
    account: 'The Midnight Owls',
  });
  const tile = card(page, id);
  await expect(tile.getByText('The Midnight Owls')).toBeVisible();

  await tile.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(tile.getByText('Hidden', { exact: true })).toBeVisible();
  await expect.poll(async () => !!(await uploadRow(id))?.isHidden).toBe(true);
  await tile.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(tile.getByText('Hidden', { exact: true })).toHaveCount(0);
  await expect.poll(async () => !!(await uploadRow(id))?.isHidden).toBe(false);

  await tile.getByRole('button', { name: /^Open upload/ }).click();
  const dialog = page.getByRole('dialog', { name: /Upload from E2E Platform Hide/ });
  await dialog.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Show', exact: true })).toBeVisible();
  await expect.poll(async () => !!(await uploadRow(id))?.isHidden).toBe(true);
  await dialog.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Hide', exact: true })).toBeVisible();
  await expect.poll(async () => !!(await uploadRow(id))?.isHidden).toBe(false);
});
