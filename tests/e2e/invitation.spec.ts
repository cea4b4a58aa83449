import { expect, test } from '@playwright/test';
import { inviteByOwner, linkFromMail, openAs } from './support';

test('a new user accepts an invitation from the mail link and lands in the account', async ({ page }) => {
  await inviteByOwner('harborcityfc', 'new.player@example.com');
  const link = await linkFromMail('new.player@example.com', /invited you to join Harbor City FC/);

  // Someone else is signed in on this browser: the invitation signs them out first.
  await openAs(page, 'user@example.com', '/pages');
  await page.goto(link);
  await expect(page.getByText('Harbor City FC invited you to join their team as user.')).toBeVisible();

  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByText('* Required fields')).toBeVisible();
  await expect(page.getByText('You must agree to the terms')).toBeVisible();

  await page.getByLabel('First name').fill('Nia');
  await page.getByLabel('Last name').fill('Player');
  await page.getByRole('textbox', { name: /^Password/ }).fill('secret-1');
  await page.getByLabel('Confirm password').fill('secret-1');
  await page.getByLabel('I agree to the terms of service').check();
  await page.getByRole('button', { name: 'Accept invitation' }).click();

  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menu').getByText('Nia Player')).toBeVisible();
  await expect(page.getByRole('menu').getByText('Harbor City FC')).toBeVisible();
});

test('an existing user accepts with their password', async ({ page }) => {
  await inviteByOwner('harborcityfc', 'readonly@example.com', 'readonly');
  await page.goto(await linkFromMail('readonly@example.com', /invited you to join Harbor City FC/));
  await expect(page.getByRole('tab', { name: 'I already have an account' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in and accept' }).click();
  await expect(page.getByText('User and password do not match')).toBeVisible();
});

test('an unknown invitation link says so', async ({ page }) => {
  await page.goto('/account-invite/not-a-real-token');
  await expect(page.getByText('This invitation is invalid or has expired.')).toBeVisible();
});
