import { expect, test, type Page } from '@playwright/test';
import { makePng } from '../fixtures/images';
import { addDemoMember, addPlatformUser, linkFromMail, openAs, outbox, signIn } from './support';

/** Signs in as the demo platform admin and opens Platform Users from the user menu. */
async function openPlatformUsers(page: Page) {
  await openAs(page, 'admin@example.com', '/pages', { account: 'The Midnight Owls' });
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Users' }).last().click();
  await expect(page).toHaveURL(/\/admin\/users$/);
}

async function search(page: Page, name: string, statuses: string[] = []) {
  await page.getByLabel('Search by name').fill(name);
  const current = await page.getByRole('combobox', { name: 'Status' }).innerText();
  if (statuses.length || current.trim()) {
    await page.getByRole('combobox', { name: 'Status' }).click();
    for (const option of ['Pending', 'Enabled', 'Disabled']) {
      const item = page.getByRole('option', { name: option });
      const checked = await item.getByRole('checkbox').isChecked();
      if (checked !== statuses.includes(option)) await item.click();
    }
    await page.keyboard.press('Escape');
  }
  await page.getByRole('button', { name: 'Search' }).click();
}

async function openUser(page: Page, name: string) {
  await search(page, name);
  await page.getByRole('row', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { name: 'User Settings' })).toBeVisible();
}

async function confirm(page: Page, action: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: action }).click();
}

test('searches users by name and filters by several statuses, sorted by the server', async ({ page }) => {
  await openPlatformUsers(page);
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /Andre Relations/ })).toContainText('Artist Relations');
  await page.screenshot({ path: '.tmp/admin-users-list.png', fullPage: true });

  await search(page, 'andre');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: /Andre Relations/ })).toBeVisible();

  await search(page, '', ['Disabled']);
  await expect(table.getByRole('row', { name: /Dana Dormant/ })).toContainText('Disabled');
  await expect(table.getByRole('row', { name: /Andre Relations/ })).toHaveCount(0);
  await search(page, '', ['Disabled', 'Pending']);
  await expect(table.getByRole('row', { name: /Dana Dormant/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Uma Vance/ })).toContainText('Pending');
  await expect(table.getByRole('row', { name: /Andre Relations/ })).toHaveCount(0);

  await search(page, '', []);
  await page.getByRole('button', { name: 'Last Login' }).click();
  await page.getByRole('button', { name: 'Last Login' }).click();
  // Newest sign-in first: the admin who just signed in.
  await expect(table.getByRole('row').nth(1)).toContainText('Ada Admin');
  await search(page, 'nobody by this name');
  await expect(page.getByText('No users match this search.')).toBeVisible();
});

test('creates an admin who sets a password from the mail link and signs in', async ({ page }) => {
  await openPlatformUsers(page);
  await page.getByRole('link', { name: 'New Admin' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Required fields missing or invalid')).toBeVisible();
  await expect(dialog.getByText('Required', { exact: true })).toHaveCount(3);
  await dialog.getByRole('textbox', { name: /^First Name/ }).fill('Nora');
  await dialog.getByRole('textbox', { name: /^Last Name/ }).fill('Newadmin');
  await dialog.getByRole('textbox', { name: /^Email/ }).fill('nora.e2e@');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Must be a valid email')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Email/ }).fill('andre@example.com');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('This email is already used by another user')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Email/ }).fill('nora.e2e@example.com');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(/Admin Nora Newadmin created/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await search(page, 'Nora Newadmin');
  await expect(page.getByRole('row', { name: /Nora Newadmin/ })).toContainText('Pending');

  const link = await linkFromMail('nora.e2e@example.com', /set your password/);
  // Leave the console first: a call answered 401 after the cookies go would reload the page mid-navigation.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel('New password').fill('nora-secret');
  await page.getByLabel('Confirm password').fill('nora-secret');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();
  await signIn(page, 'nora.e2e@example.com', 'nora-secret');
  // A platform admin with no account of her own chooses one of all accounts.
  await expect(page).toHaveURL(/\/select-account$/);
  await page.getByText('Harbor City FC').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('link', { name: 'Your Pages' })).toBeVisible();
  await page.goto('/admin/users');
  await search(page, 'Nora Newadmin');
  await expect(page.getByRole('row', { name: /Nora Newadmin/ })).toContainText('Enabled');
});

test('disables a user: they are signed out at once and cannot sign in again', async ({ page, browser }) => {
  await addDemoMember('midnightowls', 'disable.e2e@example.com');
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const member = await context.newPage();
  await openAs(member, 'disable.e2e@example.com', '/pages');

  await openPlatformUsers(page);
  await openUser(page, 'disable.e2e');
  await expect(page.getByRole('button', { name: 'Enable User' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Disable User' }).click();
  await expect(page.getByRole('dialog')).toContainText('signed out everywhere');
  await page.getByRole('dialog').getByRole('button', { name: 'Disable User' }).click();
  await expect(page.getByText('Test disable.e2e disabled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable User' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable User' })).toHaveCount(0);

  await member.reload();
  await expect(member).toHaveURL(/\/login/);
  await signIn(member, 'disable.e2e@example.com');
  await expect(member.getByText('This user is disabled. Contact an administrator.')).toBeVisible();
  await context.close();
});

test("verifies a user's email, after which they can sign in", async ({ page }) => {
  const id = await addPlatformUser('verify.e2e@example.com', 'Vera', 'Unverified');
  await openPlatformUsers(page);
  await openUser(page, 'Vera Unverified');
  await expect(page).toHaveURL(new RegExp(`/admin/users/${id}$`));
  const breadcrumb = page.getByRole('navigation', { name: 'breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Admin Users' })).toHaveAttribute('href', '/admin/users');
  await expect(breadcrumb).toContainText('Vera Unverified');
  await expect(page.getByText('Not Verified', { exact: true })).toBeVisible();
  await confirm(page, 'Verify Email');
  await expect(page.getByText('The email of Vera Unverified is verified')).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify Email' })).toHaveCount(0);

  // Leave the console first: a call answered 401 after the cookies go would reload the page mid-navigation.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await signIn(page, 'verify.e2e@example.com');
  await expect(page).not.toHaveURL(/\/login/);
});

test('edits a user: a changed email needs Send Invite; messages are mailed and kept', async ({ page }) => {
  await addPlatformUser('edit.e2e@example.com', 'Eddie', 'Editable', { emailVerified: true });
  await openPlatformUsers(page);
  await openUser(page, 'Eddie Editable');
  await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
  await expect(page.getByText('Fan Video Processed')).toHaveCount(0);
  const avatar = page.getByRole('img', { name: 'Avatar', exact: true });
  await expect(avatar).toHaveAttribute('src', /default-avatar|^data:image\/svg/);
  await expect(page.getByRole('img', { name: 'Default header logo' })).toBeVisible();
  await expect(page.getByText('At least 256 by 256 pixels, jpg or png.')).toBeVisible();

  // The avatar: under 256 px refused before upload; otherwise cropped square and saved at once.
  const avatarInput = page.locator('input[type="file"][aria-label="Avatar"]');
  await avatarInput.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: makePng(255, 400) });
  await expect(page.getByText('The image must be at least 256 × 256 pixels')).toBeVisible();
  await avatarInput.setInputFiles({ name: 'eddie.png', mimeType: 'image/png', buffer: makePng(400, 300) });
  const crop = page.getByRole('dialog', { name: 'Crop image' });
  await expect(crop.getByText('Saved at 256 × 256 px')).toBeVisible();
  await crop.getByRole('button', { name: 'Crop and upload' }).click();
  await expect(page.getByText('Avatar updated')).toBeVisible();
  await expect(avatar).toHaveAttribute('src', /^\/files\/users\/.+\/avatar\/.+\.jpg$/);

  const firstName = page.getByRole('textbox', { name: /^First Name/ });
  await firstName.fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Required', { exact: true })).toBeVisible();
  await firstName.fill('E'.repeat(101));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Must be 100 characters or less')).toBeVisible();
  await firstName.fill('Edwina');
  await page.getByRole('textbox', { name: /^Email/ }).fill('edwina.e2e@example.com');
  await expect(page.getByRole('button', { name: 'Send Invite' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await expect(page.getByText('Not Verified', { exact: true })).toBeVisible();
  await expect(page.getByText('The email changed and is not verified.', { exact: false })).toBeVisible();
  await confirm(page, 'Send Invite');
  await expect(page.getByText('Invite sent to edwina.e2e@example.com')).toBeVisible();
  await linkFromMail('edwina.e2e@example.com', /verify your email/);

  const messages = page.getByRole('region', { name: 'Messages' });
  await messages.getByRole('button', { name: 'Send Message' }).click();
  await expect(messages.getByText('Required', { exact: true })).toHaveCount(2);
  await messages.getByRole('textbox', { name: /^Subject/ }).fill('Welcome aboard');
  // The rich-text editor: 300 px high, pastes as plain text; 'Enter without Shift submits',
  // Shift+Enter makes the new line.
  const body = messages.getByRole('textbox', { name: /^Message/ });
  expect(Math.round((await body.boundingBox())!.height)).toBe(300);
  await body.click();
  await body.evaluate((editor) => {
    const data = new DataTransfer();
    data.setData('text/html', '<h1 style="color:red">Hello</h1><script>alert(1)</script>');
    data.setData('text/plain', 'Hello');
    editor.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(body).toHaveText('Hello');
  await expect(body.locator('h1, [style]')).toHaveCount(0);
  await body.pressSequentially(' Edwina,');
  await body.press('Shift+Enter');
  await body.pressSequentially('your new email is set.');
  await expect(body.locator('p')).toHaveCount(1);
  await expect(body.locator('br:not(.ProseMirror-trailingBreak)')).toHaveCount(1);
  await body.press('Enter');
  await expect(page.getByText('Message sent to Edwina Editable')).toBeVisible();
  await expect(messages.getByRole('list', { name: 'Sent messages' })).toContainText('Welcome aboard');
  await expect(messages.getByRole('list', { name: 'Sent messages' })).toContainText('by Ada Admin');
  await expect(messages.getByRole('list', { name: 'Sent messages' }).locator('.message-body p').first()).toContainText('your new email is set.');
  expect(outbox().some((mail) => mail.to === 'edwina.e2e@example.com' && mail.subject === 'Welcome aboard')).toBe(true);
  await page.screenshot({ path: '.tmp/admin-users-details.png', fullPage: true });

  await page.goto('/admin/users');
  await openUser(page, 'Andre Relations');
  await page.getByRole('tab', { name: 'Brands' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[^/]+\/brands$/);
  // An unfinished tab leads to the spec's coming-soon page.
  await expect(page.getByRole('heading', { name: 'Brands', level: 2 })).toBeVisible();
  await expect(page.getByText('Brands is coming soon: nothing here is kept or shown yet.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Students' })).toHaveCount(0);
});

test('platform admins see the Fan Video Processed toggle on admin users only; others get no Platform Users', async ({ page }) => {
  await openPlatformUsers(page);
  await openUser(page, 'Paula Platt');
  const toggle = page.getByLabel('Fan Video Processed');
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Fan Video Processed')).not.toBeChecked();
  await page.getByLabel('Fan Video Processed').check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();

  // Leave the console first: a call answered 401 after the cookies go would reload the page mid-navigation.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await openAs(page, 'user@example.com', '/pages');
  await page.goto('/admin/users');
  await expect(page).not.toHaveURL(/\/admin\/users/);
});
