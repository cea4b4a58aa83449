import { expect, test, type Page } from '@playwright/test';
import { cropAndUpload, fileInput, openAs } from './support';

async function openPage(page: Page, name: string) {
  await page.getByRole('link', { name: 'Your Pages' }).click();
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByText(name)
    .click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

const toggle = (page: Page, name: string) => page.getByRole('switch', { name, exact: true });

test('edits every capture option of a new page and sees it persist after reload', async ({ page }) => {
  await openAs(page, 'sam@example.com', '/pages');
  await page.getByRole('button', { name: 'New Page' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: /^Name/ }).fill('Fan Cam Night');
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await openPage(page, 'Fan Cam Night');
  await expect(page.getByText('Not enabled')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mobile' })).toHaveCount(0);

  // Phone capture forces the country on and locks its switch.
  await expect(toggle(page, 'Country')).not.toBeChecked();
  await toggle(page, 'Phone').check();
  await expect(toggle(page, 'Country')).toBeChecked();
  await expect(toggle(page, 'Country')).toBeDisabled();
  await expect(page.getByText('Country is always asked when City / State or Phone is asked.')).toBeVisible();

  await page.getByRole('textbox', { name: /^Slug/ }).fill('fan cam');
  await page.getByRole('textbox', { name: /^Title/ }).fill('Film the crowd!');
  for (const name of ['Require approval before uploads are public', 'City / State', 'Zip code', 'Date of birth', 'Instagram handle', 'TikTok handle']) {
    await toggle(page, name).check();
  }
  await toggle(page, 'Email').uncheck();
  for (const name of ['Venue city', 'Song', 'Artist']) await toggle(page, name).check();
  await toggle(page, 'Marketing consent').check();
  await expect(page.getByRole('textbox', { name: /^Marketing consent text/ })).toHaveValue('I agree to receive marketing and promotional communications.');
  await page.getByRole('button', { name: 'Add term' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Letters and numbers only', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('* Required fields')).toBeVisible();

  await page.getByRole('textbox', { name: /^Slug/ }).fill('fancam');
  await page.getByRole('textbox', { name: /^Venue cities/ }).fill('Austin, TX\nDenver, CO');
  await page.getByRole('textbox', { name: /^Songs/ }).fill('Night Flight\nFeathers');
  await page.getByRole('textbox', { name: /^Artists/ }).fill('The Midnight Owls\nSpecial Guest');
  await page.getByRole('textbox', { name: /^Term 1/ }).fill('I am over 18');
  for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Add term' }).click();
  await expect(page.getByRole('button', { name: 'Add term' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove term 3' }).click();
  await page.getByRole('textbox', { name: /^Term 2/ }).fill('I own this video');

  // The phone preview follows the unsaved form.
  const preview = page.getByTestId('phone-preview');
  await expect(preview.getByText('Film the crowd!')).toBeVisible();
  await expect(preview.getByText('I own this video')).toBeVisible();
  // The fields as the page lays them out, in its words: Email is off, Phone forces the Country beside the Zip.
  await expect(preview.getByTestId('preview-row')).toHaveText([
    'First name *Last name *',
    'Phone *',
    'City *State or region *',
    'Zip or postal code *Country *',
    'Date of birth *',
    'Instagram@handle (optional)TikTok@handle (optional)',
    'Show you were at *Choose…▾',
    'Song *Choose…▾',
    'Artist *Choose…▾',
  ]);
  await expect(preview.getByText('By sending you agree to the terms.')).toBeVisible();
  // As on the page: both pickers and Send, and no banner while neither the page nor the account has an image.
  await expect(preview.getByText('Your video or photo *')).toBeVisible();
  await expect(preview.getByText('Choose video or photo')).toBeVisible();
  await expect(preview.getByText('Record a video')).toBeVisible();
  await expect(preview.getByText('Send', { exact: true })).toBeVisible();
  await expect(preview.getByRole('img', { name: 'Banner' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Page saved')).toBeVisible();
  await page.reload();

  await expect(page.getByRole('textbox', { name: /^Slug/ })).toHaveValue('fancam');
  await expect(page.getByRole('textbox', { name: /^Title/ })).toHaveValue('Film the crowd!');
  for (const name of [
    'Require approval before uploads are public',
    'City / State',
    'Zip code',
    'Date of birth',
    'Phone',
    'Instagram handle',
    'TikTok handle',
    'Venue city',
    'Song',
    'Artist',
    'Marketing consent',
    'Country',
  ]) {
    await expect(toggle(page, name)).toBeChecked();
  }
  await expect(toggle(page, 'Email')).not.toBeChecked();
  await expect(page.getByRole('textbox', { name: /^Artists/ })).toHaveValue('The Midnight Owls\nSpecial Guest');
  await expect(page.getByRole('textbox', { name: /^Term 2/ })).toHaveValue('I own this video');
  await expect(page.getByRole('textbox', { name: /^Term 3/ })).toHaveCount(0);
});

test('enables a page to show its public links, then disables and archives it with confirmations', async ({ page }) => {
  await openAs(page, 'sam@example.com', '/pages');
  await page.getByRole('button', { name: 'New Page' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: /^Name/ }).fill('Encore Night');
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await openPage(page, 'Encore Night');

  await page.getByRole('button', { name: 'Enable Page' }).click();
  await expect(page.getByRole('dialog')).toContainText('Fans can upload through it as soon as it is enabled.');
  await page.getByRole('dialog').getByRole('button', { name: 'Enable Page' }).click();
  await expect(page).toHaveURL(/\/pages$/);
  await expect(page.getByText('Page Encore Night enabled')).toBeVisible();
  await expect(page.getByRole('row', { name: /Encore Night/ }).getByText('Enabled')).toBeVisible();

  await openPage(page, 'Encore Night');
  await expect(page.getByRole('link', { name: 'Page', exact: true })).toHaveAttribute('href', /\/p\/midnightowls\/encorenight$/);
  await expect(page.getByRole('link', { name: 'Mobile' })).toHaveAttribute('href', /\/p\/midnightowls\/encorenight\?mobile=1$/);
  await expect(page.getByRole('button', { name: 'Enable Page' })).toHaveCount(0);

  // Cancelling a confirmation changes nothing.
  await page.getByRole('button', { name: 'Disable Page' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Enabled', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Disable Page' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disable Page' }).click();
  await expect(page).toHaveURL(/\/pages$/);
  await expect(page.getByRole('row', { name: /Encore Night/ }).getByText('Disabled')).toBeVisible();

  await openPage(page, 'Encore Night');
  await page.getByRole('button', { name: 'Enable Page' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Enable Page' }).click();
  // Back on the list once the page is enabled (until then the edit screen's breadcrumb is a second 'Your Pages' link).
  await expect(page).toHaveURL(/\/pages$/);
  await openPage(page, 'Encore Night');
  await page.getByRole('button', { name: 'Archive Page' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive Page' }).click();
  await expect(page).toHaveURL(/\/pages$/);
  await expect(page.getByRole('row', { name: /Encore Night/ }).getByText('Archived')).toBeVisible();
});

test('uploads a banner that the phone preview shows before saving and keeps after reload; no ad picker without ads', async ({ page }) => {
  await openAs(page, 'sam@example.com', '/pages');
  await page.getByRole('button', { name: 'New Page' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: /^Name/ }).fill('Banner Night');
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await openPage(page, 'Banner Night');
  // The Midnight Owls are on the pro plan: ads are Enterprise only.
  await expect(page.getByRole('region', { name: 'Advertise on your pages' })).toBeVisible();
  await expect(fileInput(page, 'Ad image')).toHaveCount(0);

  const banner = page.getByTestId('phone-preview').getByRole('img', { name: 'Banner' });
  await cropAndUpload(page, 'Banner image', [640, 480], '640 × 360');
  await expect(banner).toHaveAttribute('data-src', /^blob:/);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Page saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('img', { name: 'Banner image', exact: true })).toHaveAttribute('src', /^\/files\/pages\/.+\/image\/.+\.jpg$/);
  await expect(banner).toHaveAttribute('data-src', /^\/files\/pages\//);
  await page.screenshot({ path: '.tmp/page-edit-banner.png', fullPage: true });
});

test('enabling beyond the free plan’s active pages shows the upgrade prompt; terms and ads show theirs', async ({ page }) => {
  await openAs(page, 'owner@example.com', '/pages', { account: 'Harbor City FC' });
  await openPage(page, 'Cup Final');
  await expect(page.getByText('Upgrade to add your own terms checkboxes to your pages.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Advertise on your pages' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Ad URL' })).toBeDisabled();
  await page.getByRole('button', { name: 'Enable Page' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Enable Page' }).click();
  await expect(page.getByRole('region', { name: 'More active pages' })).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/[^/]+$/);
  await expect(page.getByText('Not enabled')).toBeVisible();
});

test('read-only members see a page but no save, status or term controls', async ({ page }) => {
  await openAs(page, 'readonly@example.com', '/pages');
  await openPage(page, 'Summer Tour 2026');
  await expect(page.getByText('You can view this page but not change it.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Name/ })).toBeDisabled();
  await expect(toggle(page, 'Song')).toBeDisabled();
  await expect(fileInput(page, 'Banner image')).toHaveCount(0);
  for (const name of ['Save Changes', 'Disable Page', 'Archive Page', 'Add term']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
});
