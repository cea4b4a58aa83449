import { CONSOLE_REQUEST_HEADER } from '#shared/domain/constants';
import { expect, test } from '@playwright/test';
import { hashPassword } from '../../server/services/passwords';
import { linkFromMail, openAs, signIn, withServerDb } from './support';

// Sam is a demo user later specs sign in as: give him back his email and the demo password.
test.afterAll(async () => {
  const passwordHash = await hashPassword('demo1234');
  await withServerDb(({ db }) => db.updateTable('users').set({ email: 'sam@example.com', passwordHash }).where('email', '=', 'samuel@example.org').execute());
});

test('edits the profile, changes the password and the email from the profile screen', async ({ page }) => {
  await openAs(page, 'sam@example.com', '/pages');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile settings' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);

  const first = page.getByRole('textbox', { name: /^First name/ });
  await expect(first).toHaveValue('Sam');
  await first.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('* Required fields')).toBeVisible();
  await first.fill('Samuel');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  // The header follows at once: the console's context is read again.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menu').getByText(/^Samuel\b/)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('textbox', { name: /^First name/ })).toHaveValue('Samuel');

  await page.getByRole('button', { name: 'Change password' }).click();
  const passwordDialog = page.getByRole('dialog');
  await passwordDialog.getByRole('textbox', { name: /^Current password/ }).fill('demo1234');
  await passwordDialog.getByRole('textbox', { name: /^New password/ }).fill('abc');
  await passwordDialog.getByRole('button', { name: 'Save' }).click();
  await expect(passwordDialog.getByText('Required fields missing or invalid')).toBeVisible();
  await passwordDialog.getByRole('textbox', { name: /^New password/ }).fill('better-pass');
  await passwordDialog.getByRole('textbox', { name: /^Confirm password/ }).fill('better-pass');
  await passwordDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();

  await page.getByRole('button', { name: 'Change email' }).click();
  const emailDialog = page.getByRole('dialog');
  await emailDialog.getByRole('textbox', { name: /^New email/ }).fill('samuel@example.org');
  await emailDialog.getByRole('textbox', { name: /^Confirm new email/ }).fill('samuel@example.org');
  await emailDialog.getByRole('textbox', { name: /^Current password/ }).fill('demo1234');
  await emailDialog.getByRole('button', { name: 'Save' }).click();
  await expect(emailDialog.getByText('Current password is incorrect')).toBeVisible();
  await emailDialog.getByRole('textbox', { name: /^Current password/ }).fill('better-pass');
  await emailDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('We sent a link to samuel@example.org. Your email changes when you follow it.')).toBeVisible();

  await page.goto(await linkFromMail('samuel@example.org', /confirm your new email/));
  await expect(page.getByText('Email verified')).toBeVisible();
  await page.getByRole('button', { name: 'Open user menu' }).waitFor();
  // Off the console before its session ends: a request of its own answered 401 would reload the
  // page (to the sign-in screen) while signIn's goto runs, aborting it.
  await page.goto('about:blank');
  await page.request.get('/api/auth/logout', { headers: { [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value } });
  await signIn(page, 'samuel@example.org', 'better-pass');
  await expect(page.getByRole('link', { name: 'Insights' })).toBeVisible();
});

// Setting the avatar (saved as soon as cropped) and removing it: accountSettingsImages.spec.ts.
