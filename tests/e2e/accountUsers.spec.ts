import { expect, test, type Page } from '@playwright/test';
import { linkFromMail, openAs, withServerDb } from './support';

/** The demo's own members of The Midnight Owls. */
const DEMO_MEMBERS = ['owner@example.com', 'readonly@example.com', 'sam@example.com', 'user@example.com', 'unverified@example.com'];

// This spec invites several people under the plan's seat cap (members plus pending invitations);
// specs before it add members of their own to the same account, so their seats are freed first.
test.beforeAll(async () => {
  await withServerDb(async ({ db }) => {
    const owls = await db.selectFrom('accounts').select('id').where('slug', '=', 'midnightowls').executeTakeFirstOrThrow();
    const others = db.selectFrom('users').select('id').where('email', 'not in', DEMO_MEMBERS);
    await db.deleteFrom('accountUsers').where('accountId', '=', owls.id).where('userId', 'in', others).execute();
    await db.deleteFrom('invites').where('accountId', '=', owls.id).where('status', '=', 'pending').execute();
  });
});

async function openUsers(page: Page, email: string, account?: string) {
  await openAs(page, email, '/pages', { account });
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/account-settings\/users$/);
}

/** Follows the mailed invitation to The Midnight Owls and joins as a new user, landing in the console. */
async function acceptInvitation(page: Page, email: string, firstName: string, lastName: string, password: string) {
  await page.goto(await linkFromMail(email, /invited you to join The Midnight Owls/));
  await page.getByRole('textbox', { name: /^First name/ }).fill(firstName);
  await page.getByRole('textbox', { name: /^Last name/ }).fill(lastName);
  await page.getByRole('textbox', { name: /^Password/ }).fill(password);
  await page.getByRole('textbox', { name: /^Confirm password/ }).fill(password);
  await page.getByLabel('I agree to the terms of service').check();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByRole('link', { name: 'Insights' })).toBeVisible();
}

test('the owner invites a user who joins from the mail link with role user and cannot manage users', async ({ page }) => {
  await openUsers(page, 'owner@example.com', 'The Midnight Owls');
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(dialog.getByText('Required fields missing or invalid')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Email/ }).fill('drummer@example.com');
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText('Invitation sent to drummer@example.com')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pending invites' }).getByText('drummer@example.com')).toBeVisible();

  await acceptInvitation(page, 'drummer@example.com', 'Dana', 'Drums', 'drum-roll');

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Users' }).click();
  const row = page.getByRole('row', { name: /Dana Drums/ });
  await expect(row.getByText('User', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite User' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove' })).toHaveCount(0);
});

test('a read-only member sees the users but no edit controls', async ({ page }) => {
  await openUsers(page, 'readonly@example.com');
  await expect(page.getByRole('row', { name: /Olivia Owens/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite User' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
});

test('inviting beyond the free plan cap shows the upgrade prompt', async ({ page }) => {
  await openUsers(page, 'owner@example.com', 'Harbor City FC');
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Email/ }).fill('assistant.coach@example.com');
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(dialog.getByRole('region', { name: 'More account users' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/account-settings/subscription');
});

test('the owner resends a pending invitation, then cancels it and it leaves the list', async ({ page }) => {
  await openUsers(page, 'owner@example.com', 'The Midnight Owls');
  await page.getByRole('button', { name: 'Invite User' }).click();
  await page
    .getByRole('dialog')
    .getByRole('textbox', { name: /^Email/ })
    .fill('bassist@example.com');
  await page.getByRole('dialog').getByRole('button', { name: 'Send invite' }).click();
  const row = page.getByRole('table', { name: 'Pending invites' }).getByRole('row', { name: /bassist@example\.com/ });
  await expect(row).toContainText('User');
  await row.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText('Invitation sent again to bassist@example.com')).toBeVisible();
  await row.getByRole('button', { name: 'Cancel invite' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel the invitation of bassist@example.com?' });
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Invitation canceled')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("the owner changes a member's role, then removes them and they leave the list", async ({ page }) => {
  await openUsers(page, 'owner@example.com', 'The Midnight Owls');
  await page.getByRole('button', { name: 'Invite User' }).click();
  await page
    .getByRole('dialog')
    .getByRole('textbox', { name: /^Email/ })
    .fill('keys@example.com');
  await page.getByRole('dialog').getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText('Invitation sent to keys@example.com')).toBeVisible();
  await acceptInvitation(page, 'keys@example.com', 'Kim', 'Keys', 'key-change');

  await openUsers(page, 'owner@example.com', 'The Midnight Owls');
  const row = page.getByRole('row', { name: /Kim Keys/ });
  await expect(row.getByRole('cell', { name: 'User', exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit user' });
  await expect(dialog.getByRole('textbox', { name: /^Email/ })).toBeDisabled();
  await dialog.getByRole('combobox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: 'Admin' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role updated')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Kim Keys?' });
  await expect(confirm.getByText('They lose access to this account at once.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('User removed')).toBeVisible();
  await expect(row).toHaveCount(0);
});
