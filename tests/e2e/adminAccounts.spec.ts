import { expect, test, type Page } from '@playwright/test';
import { addDemoAccount, linkFromMail, openAs } from './support';

async function openPlatformAccounts(page: Page) {
  await openAs(page, 'admin@example.com', '/pages', { account: 'The Midnight Owls' });
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Accounts' }).click();
  await expect(page).toHaveURL(/\/admin\/accounts$/);
}

async function search(page: Page, text: string) {
  await page.getByLabel('Search by name or slug').fill(text);
  await page.getByRole('button', { name: 'Search' }).click();
}

test('lists and searches accounts, creates one with its owner invited, and changes its plan', async ({ page }) => {
  await openPlatformAccounts(page);
  await expect(page.getByRole('heading', { name: 'Platform Accounts' })).toBeVisible();
  const owls = page.getByRole('row', { name: /The Midnight Owls/ });
  await expect(owls).toContainText('midnightowls');
  await expect(owls).toContainText('Pro');
  await expect(page.getByRole('row', { name: /Granite Peak Rangers/ })).toContainText('Disabled');

  await search(page, 'harbor');
  await expect(page.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('row', { name: /Harbor City FC/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Neon Harbor Festival/ })).toContainText('Enterprise');
  await search(page, 'nothing by this name');
  await expect(page.getByText('No accounts match this search.')).toBeVisible();

  await page.getByRole('link', { name: 'New Account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Required fields missing or invalid')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Echo Valley');
  await dialog.getByRole('textbox', { name: /^Slug/ }).fill('echo valley');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Letters and numbers only, no spaces')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Slug/ }).fill('s'.repeat(51));
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Must be 50 characters or less')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Owner email/ }).fill('not-an-email');
  await dialog.getByRole('textbox', { name: /^Slug/ }).fill('midnightowls');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Must be a valid email')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Owner email/ }).fill('');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('This slug is already used by another account')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Slug/ }).fill('echovalley');
  await dialog.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: 'Basic' }).click();
  await dialog.getByRole('textbox', { name: /^Owner email/ }).fill('echo.owner@example.com');
  await dialog.getByRole('button', { name: 'Create' }).click();

  await expect(page.getByText('Account Echo Valley created')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Echo Valley', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Plan' })).toHaveText('Basic');
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/accounts\/[^/]+\/users$/);
  await expect(page.getByText('echo.owner@example.com')).toBeVisible();
  await page.getByRole('button', { name: 'Invite User' }).click();
  await page
    .getByRole('dialog')
    .getByRole('textbox', { name: /^Email/ })
    .fill('echo.manager@example.com');
  await page.getByRole('dialog').getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText('Invitation sent to echo.manager@example.com')).toBeVisible();
  await expect(page.getByText('echo.manager@example.com', { exact: true })).toBeVisible();
  expect(await linkFromMail('echo.manager@example.com', /invited you to join Echo Valley/)).toContain('/account-invite/');

  await page.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: 'Enterprise' }).click();
  await expect(page.getByText('Echo Valley is now on the Enterprise plan')).toBeVisible();
  await page.getByRole('link', { name: 'Platform Accounts' }).click();
  await search(page, 'echovalley');
  await expect(page.getByRole('row', { name: /Echo Valley/ })).toContainText('Enterprise');
  await page.screenshot({ path: test.info().outputPath('admin-accounts.png'), fullPage: true });
});

test('disables an account: its owner loses it at once and gets it back when enabled', async ({ page, browser }) => {
  await addDemoAccount('lostaccess', 'Lost Access Co', 'lost.owner@example.com');
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await openAs(owner, 'lost.owner@example.com', '/pages');

  await openPlatformAccounts(page);
  await search(page, 'Lost Access');
  await page
    .getByRole('row', { name: /Lost Access Co/ })
    .getByText('Lost Access Co')
    .click();
  await expect(page.getByRole('heading', { name: 'Lost Access Co', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Disable Account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disable Account' }).click();
  await expect(page.getByText('Account Lost Access Co disabled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable Account' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('admin-account-details.png'), fullPage: true });

  await owner.goto('/pages');
  await expect(owner).toHaveURL(/\/select-account$/);
  await expect(owner.getByText('You do not have any accounts. Please contact an administrator.')).toBeVisible();

  await page.getByRole('button', { name: 'Enable Account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Enable Account' }).click();
  await expect(page.getByText('Account Lost Access Co enabled')).toBeVisible();
  await owner.reload();
  await expect(owner.getByRole('link', { name: 'Your Pages' })).toBeVisible();
  await ownerContext.close();
});

test("a platform admin edits the account's name, slug rules and capture-page CSS on the General tab", async ({ page }) => {
  await openPlatformAccounts(page);
  await page.getByRole('row', { name: /The Midnight Owls/ }).click();
  await expect(page.getByRole('heading', { name: 'The Midnight Owls', level: 1 })).toBeVisible();
  // 'a payment-provider customer identifier field named stripeCustomerId': shown, not editable.
  await expect(page.getByLabel('Payment customer ID')).toHaveAttribute('readonly', '');

  const name = page.getByRole('textbox', { name: /^Name/ });
  const slug = page.getByRole('textbox', { name: /^Slug/ });
  const css = page.getByLabel('Custom CSS for capture pages');
  const save = page.getByRole('button', { name: 'Save', exact: true });

  await slug.fill('harborcityfc');
  await save.click();
  await expect(page.getByText('This slug is already used by another account')).toBeVisible();
  await slug.fill('owls live');
  await save.click();
  await expect(page.getByText('Letters and numbers only, no spaces')).toBeVisible();
  await slug.fill('midnightowls');

  await name.fill('Owls Live');
  await css.fill('@import "https://evil.example/x.css";\n.bar { outline: 4px solid rgb(255, 0, 0); }');
  await save.click();
  await expect(page.getByText('Configuration saved')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Owls Live', level: 1 })).toBeVisible();
  await page.reload();
  await expect(css).toHaveValue('.bar { outline: 4px solid rgb(255, 0, 0); }');

  // The account's CSS is applied to its capture pages.
  await page.goto('/p/midnightowls/summertour2026');
  await expect(page.locator('header.bar')).toHaveCSS('outline-color', 'rgb(255, 0, 0)');

  await page.goBack();
  await name.fill('The Midnight Owls');
  await css.fill('');
  await save.click();
  await expect(page.getByText('Configuration saved')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The Midnight Owls', level: 1 })).toBeVisible();
});
