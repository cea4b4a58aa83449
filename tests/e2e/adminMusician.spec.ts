import { expect, test, type Page } from '@playwright/test';
import { makePng } from '../fixtures/images';
import { addDemoMusician, openAs } from './support';

/** Picks a generated PNG for one of the section's images and uploads it through the crop dialog. */
async function uploadImage(page: Page, label: string) {
  await page.locator(`input[type="file"][aria-label="${label}"]`).setInputFiles({ name: `${label}.png`, mimeType: 'image/png', buffer: makePng(640, 360) });
  const dialog = page.getByRole('dialog', { name: 'Crop image' });
  await dialog.getByRole('button', { name: 'Crop and upload' }).click();
  await expect(dialog).toBeHidden();
}

const section = (page: Page) => page.getByRole('region', { name: 'Musician Profile' });

/** The platform admin, signed in with an account chosen as every session starts, opens `path`. */
const openAsAdmin = (page: Page, path: string) => openAs(page, 'admin@example.com', path, { account: 'The Midnight Owls' });

test("shows Maya's musician profile with her lessons, schedule and sorted days off", async ({ page }) => {
  await openAsAdmin(page, '/admin/users');
  await page.getByRole('row', { name: /Maya Strings/ }).click();
  const profile = section(page);
  await expect(profile.getByLabel('Slug')).toHaveValue('mayastrings');
  await expect(profile.getByLabel('Status: Enabled')).toBeVisible();
  await expect(profile.getByLabel('Position')).toHaveValue('1');
  await expect(profile.getByRole('button', { name: 'Violin' })).toBeVisible();
  await expect(profile.getByText('Video dQw4w9WgXcQ will be embedded on the public page.')).toBeVisible();
  await expect(profile.getByLabel('1 hour')).toHaveValue('65');
  await expect(profile.getByLabel('Monday slot 2 start')).toHaveValue('14:00');
  const days = profile.getByRole('list', { name: 'Days off' }).getByRole('listitem');
  await expect(days).toHaveCount(3);
  const texts = await days.allInnerTexts();
  for (const text of texts) expect(text).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2}\/\d{2}\/\d{4}$/);
  const iso = texts.map((text) => text.replace(/^\w+, (\d\d)\/(\d\d)\/(\d{4})$/, '$3-$1-$2'));
  expect([...iso].sort()).toEqual(iso);
  await page.screenshot({ path: '.tmp/admin-musician-maya.png', fullPage: true });
});

test('edits a musician profile with lessons, schedule and days off, and it persists', async ({ page }) => {
  const userId = await addDemoMusician('nina.e2e@example.com', 'Nina', 'Frets');
  await openAsAdmin(page, `/admin/users/${userId}`);
  const profile = section(page);
  await expect(profile.getByLabel('Slug')).toHaveValue('ninafrets');

  // featurePosition only with featured
  await expect(profile.getByLabel('Position')).toBeDisabled();
  await profile.getByLabel('Display on main page').check();
  await expect(profile.getByLabel('Position')).toBeEnabled();
  await profile.getByLabel('Position').fill('3');

  await uploadImage(page, 'Main image');
  await uploadImage(page, 'Image 2');
  await expect(profile.getByRole('img', { name: 'Image 2' })).toHaveAttribute('src', /^blob:/);

  // The lesson settings appear only with lessons on.
  await expect(profile.getByLabel('30 minutes')).toHaveCount(0);
  await profile.getByRole('radio', { name: 'Yes' }).check();
  await expect(profile.getByLabel('30 minutes')).toHaveAttribute('placeholder', '30');
  await expect(profile.getByLabel('1 hour')).toHaveAttribute('placeholder', '60');

  // Rules after a save attempt: a location and a timezone are needed, and the slug is
  // 'letters or numbers only, no spaces'.
  await profile.getByLabel('Slug').fill('nina-frets');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(profile.getByText('Choose at least one lesson location')).toBeVisible();
  await expect(profile.getByText('Letters and numbers only, no spaces')).toBeVisible();
  await expect(profile.getByText('Required fields')).toBeVisible();
  await profile.getByLabel('Slug').fill('ninafrets');

  await profile.getByLabel('30 minutes').fill('35');
  await profile.getByLabel('1 hour').fill('65');
  await profile.getByLabel('Online').check();
  await expect(profile.getByLabel(/^Lesson area/)).toHaveCount(0);
  await profile.getByLabel('At student').check();
  await profile.getByLabel(/^Lesson area/).fill('Queens and Brooklyn');
  await profile.getByRole('combobox', { name: 'Timezone' }).fill('America/New_Y');
  await page.getByRole('option', { name: 'America/New_York' }).click();

  await profile.getByRole('button', { name: 'Add time slot on Tuesday' }).click();
  await profile.getByRole('button', { name: 'Add time slot on Tuesday' }).click();
  await profile.getByLabel('Tuesday slot 2 start').fill('14:00');
  await profile.getByLabel('Tuesday slot 2 end').fill('16:30');
  await profile.getByRole('button', { name: 'Add time slot on Saturday' }).click();
  await profile.getByLabel('Saturday slot 1 end').fill('09:00');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(profile.getByText('The start must be before the end')).toBeVisible();
  await profile.getByLabel('Saturday slot 1 end').fill('12:00');

  await profile.getByLabel('New day off').fill('2030-05-20');
  await profile.getByRole('button', { name: 'Add day off' }).click();
  await profile.getByLabel('New day off').fill('2030-05-03');
  await profile.getByRole('button', { name: 'Add day off' }).click();
  const days = profile.getByRole('list', { name: 'Days off' }).getByRole('listitem');
  await expect(days).toHaveText(['Fri, 05/03/2030', 'Mon, 05/20/2030']);

  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Musician profile saved')).toBeVisible();

  await page.reload();
  const reloaded = section(page);
  await expect(reloaded.getByLabel('Position')).toHaveValue('3');
  await expect(reloaded.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await expect(reloaded.getByLabel('30 minutes')).toHaveValue('35');
  await expect(reloaded.getByLabel('1 hour')).toHaveValue('65');
  await expect(reloaded.getByLabel('Online')).toBeChecked();
  await expect(reloaded.getByLabel('At student')).toBeChecked();
  await expect(reloaded.getByLabel('At musician')).not.toBeChecked();
  await expect(reloaded.getByLabel(/^Lesson area/)).toHaveValue('Queens and Brooklyn');
  await expect(reloaded.getByRole('combobox', { name: 'Timezone' })).toHaveValue('America/New_York');
  await expect(reloaded.getByLabel('Tuesday slot 1 start')).toHaveValue('09:00');
  await expect(reloaded.getByLabel('Tuesday slot 1 end')).toHaveValue('10:00');
  await expect(reloaded.getByLabel('Tuesday slot 2 start')).toHaveValue('14:00');
  await expect(reloaded.getByLabel('Tuesday slot 2 end')).toHaveValue('16:30');
  await expect(reloaded.getByLabel('Saturday slot 1 end')).toHaveValue('12:00');
  await expect(reloaded.getByRole('list', { name: 'Days off' }).getByRole('listitem')).toHaveText(['Fri, 05/03/2030', 'Mon, 05/20/2030']);
  await expect(reloaded.getByRole('img', { name: 'Main image' })).toHaveAttribute('src', /^\/files\/musicians\/.+\/image\/.+\.jpg$/);
  await expect(reloaded.getByRole('img', { name: 'Image 2' })).toHaveAttribute('src', /^\/files\/musicians\/.+\/image2\/.+\.jpg$/);
  await expect(reloaded.getByRole('group', { name: 'Main image' }).getByRole('button', { name: 'Remove' })).toHaveCount(0);

  // Removing a day off and a slot persists too.
  await reloaded.getByRole('button', { name: 'Remove day off Fri, 05/03/2030' }).click();
  await reloaded.getByRole('button', { name: 'Remove Tuesday time slot 1' }).click();
  await reloaded.getByRole('group', { name: 'Image 2' }).getByRole('button', { name: 'Remove' }).click();
  await reloaded.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Musician profile saved')).toBeVisible();
  await page.reload();
  await expect(section(page).getByRole('list', { name: 'Days off' }).getByRole('listitem')).toHaveText(['Mon, 05/20/2030']);
  await expect(section(page).getByLabel('Tuesday slot 1 start')).toHaveValue('14:00');
  await expect(section(page).getByRole('img', { name: 'Image 2' })).toHaveCount(0);
  await expect(section(page).getByRole('img', { name: 'Main image' })).toBeVisible();
  await section(page).screenshot({ path: '.tmp/admin-musician-section.png' });
});

test("shows Leo's legacy availability read-only with the migrate flag, and no lesson settings", async ({ page }) => {
  await openAsAdmin(page, '/admin/users');
  await page.getByRole('row', { name: /Leo Keys/ }).click();
  const profile = section(page);
  const legacy = profile.getByLabel('Lesson availability (legacy)');
  await expect(legacy).toHaveValue(/Weekday evenings/);
  await expect(legacy).toHaveAttribute('readonly', '');
  await expect(profile.getByLabel('Migrate to new scheduling system')).toBeChecked();
  await expect(profile.getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(profile.getByLabel('Timezone')).toHaveCount(0);
});
