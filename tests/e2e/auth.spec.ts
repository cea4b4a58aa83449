import { expect, test } from '@playwright/test';
import { addDemoMember, DEMO_PASSWORD, linkFromMail, signIn } from './support';

test.describe('signing in', () => {
  test('shows the account-not-found, wrong-password and unverified notices', async ({ page }) => {
    await signIn(page, 'nobody@example.com', 'whatever1');
    await expect(page.getByText('Account not found. Looks like you do not have an account on this domain.')).toBeVisible();

    await page.getByLabel('Email').fill('user@example.com');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('User and password do not match')).toBeVisible();

    await page.getByLabel('Email').fill('unverified@example.com');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email not verified. Check your email (including spam folder)')).toBeVisible();
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByText('We sent a new verification link to unverified@example.com.')).toBeVisible();

    const verifyLink = await linkFromMail('unverified@example.com', /verify your email/);
    await page.goto(verifyLink);
    await expect(page.getByText('Email verified')).toBeVisible();
    // The link is single-use: opened again, it fails and offers the sign-in screen.
    await page.goto(verifyLink);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByText('Email verified')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
    await signIn(page, 'unverified@example.com');
    await expect(page.getByRole('link', { name: 'Fan Uploads' })).toBeVisible();
  });

  test('marks required fields before sending anything', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('* Required fields')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Must be a valid email')).toBeVisible();
  });

  test('resets a forgotten password through the mailed link', async ({ page }) => {
    await addDemoMember('midnightowls', 'forgetful@example.com', 'readonly');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The sign-in screen has an Email field too: fill the one of the screen that opened.
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await page.getByLabel('Email').fill('forgetful@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/If an account exists for forgetful@example.com/)).toBeVisible();

    await page.goto(await linkFromMail('forgetful@example.com', /reset your password/));
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Must be 6 or more characters')).toBeVisible();
    await expect(page.getByText('Passwords must match')).toBeVisible();
    await page.getByLabel('New password').fill('fresh-password');
    await page.getByLabel('Confirm password').fill('fresh-password');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Your password was changed.')).toBeVisible();

    await signIn(page, 'forgetful@example.com', 'fresh-password');
    await expect(page.getByRole('link', { name: 'Your Pages' })).toBeVisible();
  });

  test('sends /reset-password without a token to /login and always shows the sent state', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/If an account exists for nobody-here@example.com/)).toBeVisible();
  });
});

test.describe('choosing an account', () => {
  test('an owner of two accounts chooses one; a member of one goes straight in', async ({ page }) => {
    await signIn(page, 'owner@example.com');
    await expect(page).toHaveURL(/\/select-account$/);
    await page.getByLabel('Search accounts').fill('harbor');
    await expect(page.getByText('The Midnight Owls')).toBeHidden();
    await page.getByText('Harbor City FC').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect(page.getByRole('menu').getByText('Harbor City FC')).toBeVisible();

    await page.getByRole('menuitem', { name: 'Switch Account' }).click();
    await page.getByRole('dialog').getByText('The Midnight Owls').click();
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect(page.getByRole('menu').getByText('The Midnight Owls')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, 'user@example.com');
    await expect(page.getByRole('link', { name: 'Insights' })).toBeVisible();
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Switch Account' })).toHaveCount(0);
  });
});
