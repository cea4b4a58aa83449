import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

const SHOTS = '.tmp/a11y';
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 420, height: 860 },
];

/** What a user waits for before reading a screen: no progress bar, no 'Loading'. */
async function settled(page: Page) {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByText(/^loading/i)).toHaveCount(0);
}

/**
 * Serious and critical axe-core violations of the screen at desktop and phone width, each
 * with the rule and the elements it found, so a failure names what to fix. A screenshot of
 * each width lands in .tmp/a11y for looking at the screen as well.
 */
async function expectAccessible(page: Page, name: string, ready: () => Promise<void>) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await ready();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.name}.png`, fullPage: true });
    // label-content-name-mismatch is experimental in axe-core, so off unless asked for.
    const { violations } = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
    const found = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect.soft(found, `${name} at ${size.width}px`).toEqual([]);
  }
}

test('sign-in has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expectAccessible(page, 'sign-in', () => expect(page.getByRole('button', { name: /sign in/i })).toBeVisible());
});

test('account selection has no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/select-account$/);
  await expectAccessible(page, 'select-account', () => expect(page.getByText('Harbor City FC')).toBeVisible());
});

/** Signs in as a member of The Midnight Owls, or as the platform admin choosing it. */
async function signInTo(page: Page, who: 'member' | 'platformAdmin') {
  if (who === 'member') {
    await signIn(page, 'sam@example.com');
  } else {
    await signIn(page, 'admin@example.com');
    await expect(page).toHaveURL(/\/select-account$/);
    await page.getByText('The Midnight Owls').click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(page.getByRole('button', { name: /^Open user menu/ })).toBeVisible();
}

const screens: { name: string; who: 'member' | 'platformAdmin'; open: (page: Page) => Promise<void>; ready: (page: Page) => Promise<void> }[] = [
  { name: 'insights', who: 'member', open: async () => undefined, ready: (page) => expect(page.getByRole('heading', { name: 'Total Visitors' })).toBeVisible() },
  { name: 'pages', who: 'member', open: (page) => page.goto('/pages').then(() => undefined), ready: (page) => expect(page.getByText('Album Launch Party')).toBeVisible() },
  {
    name: 'page-edit',
    who: 'member',
    open: async (page) => {
      await page.goto('/pages');
      await page.getByText('Album Launch Party').click();
    },
    ready: (page) => expect(page.getByRole('heading', { name: 'Album Launch Party', level: 1 })).toBeVisible(),
  },
  { name: 'account-settings', who: 'member', open: (page) => page.goto('/account-settings').then(() => undefined), ready: (page) => expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible() },
  { name: 'account-users', who: 'member', open: (page) => page.goto('/account-settings/users').then(() => undefined), ready: (page) => expect(page.getByText('sam@example.com').first()).toBeVisible() },
  { name: 'subscription', who: 'member', open: (page) => page.goto('/account-settings/subscription').then(() => undefined), ready: (page) => expect(page.getByText('Current plan')).toBeVisible() },
  { name: 'profile', who: 'member', open: (page) => page.goto('/settings/profile').then(() => undefined), ready: (page) => expect(page.getByRole('textbox').first()).toBeVisible() },
  { name: 'admin-users', who: 'platformAdmin', open: (page) => page.goto('/admin/users').then(() => undefined), ready: (page) => expect(page.getByText('Maya Strings')).toBeVisible() },
  {
    name: 'admin-user',
    who: 'platformAdmin',
    open: async (page) => {
      await page.goto('/admin/users');
      await page.getByText('Maya Strings').click();
    },
    ready: (page) => expect(page.getByTestId('musician-profile')).toBeVisible(),
  },
  { name: 'admin-jobs', who: 'platformAdmin', open: (page) => page.goto('/admin/jobs').then(() => undefined), ready: (page) => expect(page.getByText('Queue: table')).toBeVisible() },
  { name: 'admin-accounts', who: 'platformAdmin', open: (page) => page.goto('/admin/accounts').then(() => undefined), ready: (page) => expect(page.getByText('Harbor City FC')).toBeVisible() },
  {
    name: 'admin-account',
    who: 'platformAdmin',
    open: async (page) => {
      await page.goto('/admin/accounts');
      await page.getByText('Harbor City FC').click();
    },
    ready: (page) => expect(page.getByRole('heading', { name: 'Harbor City FC', level: 1 })).toBeVisible(),
  },
];

for (const screen of screens) {
  test(`${screen.name} has no serious or critical accessibility violations`, async ({ page }) => {
    await signInTo(page, screen.who);
    await screen.open(page);
    await expectAccessible(page, screen.name, () => screen.ready(page));
  });
}
