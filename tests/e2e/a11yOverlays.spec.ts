import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openAs } from './support';
import { seriousViolations } from './axe';

/**
 * What a member opens over the console's screens, at desktop and phone width, checked by axe-core
 * (no serious or critical violation): Fan Uploads over the demo's own uploads (cards with no
 * preview yet among them), the user menu, the phone's section dropdown, the upload dialog,
 * Delete's confirm dialog, the Invite User form dialog and Fan Data's column chooser and erase dialog. One sign-in per role; a screenshot of
 * each in .tmp/a11y.
 */
const SHOTS = '.tmp/a11y';
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

test.describe.configure({ timeout: 180_000 });

async function check(page: Page, name: string, width: (typeof WIDTHS)[number]) {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // axe first: it waits for menus and dialogs to finish fading in, so the screenshot shows them whole.
  expect.soft(await seriousViolations(page), `${name} at ${width.width}px`).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/${name}-${width.name}.png` });
}

test("Fan Uploads' grid, menus and dialogs have no serious or critical violations at either width", async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await openAs(page, 'sam@example.com', '/uploads');
  const cards = page.locator('[data-upload-id]');
  await expect(cards.first()).toBeVisible();
  // The demo has uploads still processing: their cards, with no preview yet, are in the walk.
  await expect(page.getByText('No preview yet').first()).toBeVisible();

  for (const width of WIDTHS) {
    await page.setViewportSize(width);
    await check(page, 'demo-uploads', width);

    await page.getByRole('button', { name: /^Open user menu/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await check(page, 'user-menu', width);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    if (width.name === 'phone') {
      await page.getByRole('button', { name: /^Fan Uploads/ }).click();
      await expect(page.getByRole('menuitem', { name: 'Your Pages' })).toBeVisible();
      await check(page, 'sections-dropdown', width);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
    }

    await cards
      .first()
      .getByRole('button', { name: /^Open upload from/ })
      .click();
    const dialog = page.getByRole('dialog', { name: /Upload from/ });
    await expect(dialog.getByRole('heading', { name: 'Moderation' })).toBeVisible();
    await check(page, 'upload-dialog', width);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await cards.first().getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await check(page, 'confirm-dialog', width);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  // A form in a dialog: Invite User on the account's users.
  await page.goto('/account-settings/users');
  for (const width of WIDTHS) {
    await page.setViewportSize(width);
    await page.getByRole('button', { name: 'Invite User' }).click();
    const invite = page.getByRole('dialog');
    await expect(invite.getByRole('button', { name: 'Send invite' })).toBeVisible();
    await check(page, 'invite-dialog', width);
    await page.keyboard.press('Escape');
    await expect(invite).toHaveCount(0);
  }

  // Fan Data's dialogs: the column chooser and Erase a fan's data; closed, each gives the focus back to its button.
  await page.goto('/data');
  for (const width of WIDTHS) {
    await page.setViewportSize(width);
    for (const { button, dialog: name, ready, shot } of [
      { button: 'Columns', dialog: 'Show or hide columns', ready: 'Done', shot: 'fan-data-columns' },
      { button: "Erase a fan's data", dialog: "Erase a fan's data", ready: 'Find', shot: 'erase-fan' },
    ]) {
      const opener = page.getByRole('button', { name: button });
      await opener.click();
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog.getByRole('button', { name: ready })).toBeVisible();
      await check(page, shot, width);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();
    }
  }
});

test("a platform admin's user menu and the Switch Account dialog have no serious or critical violations", async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await openAs(page, 'admin@example.com', '/pages', { account: 'The Midnight Owls' });
  await expect(page.getByText('Album Launch Party')).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize(width);
    await page.getByRole('button', { name: /^Open user menu/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Switch Account' })).toBeVisible();
    await check(page, 'admin-user-menu', width);
    await page.getByRole('menuitem', { name: 'Switch Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch Account' });
    await expect(dialog.getByRole('button', { name: /Harbor City FC/ })).toBeVisible();
    await check(page, 'switch-account', width);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    // Focus goes back where the user was, not to the page's start.
    await expect(page.getByRole('button', { name: /^Open user menu/ })).toBeFocused();
  }
});
