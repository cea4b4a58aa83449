import { expect, test, type Page } from '@playwright/test';
import { makePng } from '../fixtures/images';
import { addDemoAccount, addDemoMember, cropAndUpload, fileInput, openAs } from './support';

const naturalSize = (page: Page, name: string) =>
  page.getByRole('img', { name, exact: true }).evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`);

test('the owner uploads a header image and a favicon through the crop dialog, and they persist', async ({ page }) => {
  await addDemoAccount('pixelparade', 'Pixel Parade', 'pixel.owner@example.com');
  await openAs(page, 'pixel.owner@example.com', '/pages');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Configuration' }).click();
  await expect(page).toHaveURL(/\/account-settings$/);

  await cropAndUpload(page, 'Header image', [480, 300], '120 × 75');
  await cropAndUpload(page, 'Favicon', [200, 200], '32 × 32');
  // The live preview shows the new header image before saving.
  const preview = page.getByRole('figure', { name: 'Preview on a capture page' });
  await expect(preview.getByRole('img', { name: 'Pixel Parade' })).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Configuration saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('img', { name: 'Header image', exact: true })).toHaveAttribute('src', /^\/files\/accounts\/.+\/headerImage\/.+\.png$/);
  await expect(page.getByRole('img', { name: 'Favicon', exact: true })).toHaveAttribute('src', /^\/files\/accounts\/.+\/favicon\/.+\.png$/);
  await expect.poll(() => naturalSize(page, 'Header image')).toBe('120x75');
  await expect.poll(() => naturalSize(page, 'Favicon')).toBe('32x32');
  await expect(preview.getByRole('img', { name: 'Pixel Parade' })).toHaveAttribute('src', /^\/files\//);
  // The console's own header shows the account's logo too.
  await expect(page.getByRole('banner').getByRole('img', { name: 'Pixel Parade' })).toBeVisible();
  await page.screenshot({ path: '.tmp/account-settings-images.png', fullPage: true });
});

test('a read-only member sees the images but no file pickers', async ({ page }) => {
  await openAs(page, 'readonly@example.com', '/account-settings');
  await expect(page.getByText('Header image', { exact: true })).toBeVisible();
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upload' })).toHaveCount(0);
});

test('a user sets a square avatar on the profile, saved as soon as cropped, and removes it; images under 256 px are refused', async ({ page }) => {
  // Test avatar.member: TA until there is an avatar.
  await addDemoMember('midnightowls', 'avatar.member@example.com', 'user');
  await openAs(page, 'avatar.member@example.com', '/settings/profile');
  const main = page.getByRole('main');
  const avatar = main.getByRole('img', { name: 'Avatar', exact: true });
  await expect(main.getByText('TA', { exact: true })).toBeVisible();

  await fileInput(page, 'Avatar').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: makePng(200, 300) });
  await expect(page.getByText('The image must be at least 256 × 256 pixels')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await cropAndUpload(page, 'Avatar', [400, 300], '256 × 256');
  await expect(page.getByText('Avatar saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('img', { name: 'Avatar', exact: true })).toHaveAttribute('src', /^\/files\/users\/.+\/avatar\/.+\.jpg$/);
  await expect.poll(() => naturalSize(page, 'Avatar')).toBe('256x256');
  await page.screenshot({ path: '.tmp/profile-avatar.png', fullPage: true });

  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(avatar).toHaveCount(0);
  await expect(main.getByText('TA', { exact: true })).toBeVisible();
  // The header follows at once: the console's context is read again.
  await expect(page.getByRole('button', { name: 'Open user menu TA' })).toBeVisible();
});
