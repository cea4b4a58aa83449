import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openAs, signIn } from './support';
import { seriousViolations } from './axe';

const SHOTS = '.tmp/a11y';
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
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
    expect.soft(await seriousViolations(page), `${name} at ${size.width}px`).toEqual([]);
  }
}

test('sign-in has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expectAccessible(page, 'sign-in', () => expect(page.getByRole('button', { name: /sign in/i })).toBeVisible());
});

test('the terms of service page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/terms');
  await expectAccessible(page, 'terms', () => expect(page.getByRole('heading', { name: 'Terms of service', level: 1 })).toBeVisible());
});

test('account selection has no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/select-account$/);
  await expectAccessible(page, 'select-account', () => expect(page.getByText('Harbor City FC')).toBeVisible());
});

/** Opens `path` as a member of The Midnight Owls, or as the platform admin who chose it. */
async function openAsWho(page: Page, who: 'member' | 'platformAdmin', path: string) {
  if (who === 'member') await openAs(page, 'sam@example.com', path);
  else await openAs(page, 'admin@example.com', path, { account: 'The Midnight Owls' });
}

// Insights, Fan Uploads, Fan Data, the capture page and the subscription's plan choice are checked
// at both widths in their own specs, in states this walk does not reach; the menus and dialogs a user
// opens in a11y-overlays.spec.ts, the fan's pages zoomed to 200% in capture-a11y.spec.ts.
const screens: { name: string; who: 'member' | 'platformAdmin'; path: string; open?: (page: Page) => Promise<void>; ready: (page: Page) => Promise<void> }[] = [
  { name: 'pages', who: 'member', path: '/pages', ready: (page) => expect(page.getByText('Album Launch Party')).toBeVisible() },
  {
    name: 'page-edit',
    who: 'member',
    path: '/pages',
    open: (page) => page.getByText('Album Launch Party').click(),
    ready: (page) => expect(page.getByRole('heading', { name: 'Album Launch Party', level: 1 })).toBeVisible(),
  },
  { name: 'account-settings', who: 'member', path: '/account-settings', ready: (page) => expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible() },
  { name: 'account-users', who: 'member', path: '/account-settings/users', ready: (page) => expect(page.getByText('sam@example.com').first()).toBeVisible() },
  { name: 'subscription', who: 'member', path: '/account-settings/subscription', ready: (page) => expect(page.getByText('Current plan')).toBeVisible() },
  { name: 'profile', who: 'member', path: '/settings/profile', ready: (page) => expect(page.getByRole('textbox').first()).toBeVisible() },
  { name: 'admin-users', who: 'platformAdmin', path: '/admin/users', ready: (page) => expect(page.getByText('Maya Strings')).toBeVisible() },
  {
    name: 'admin-user',
    who: 'platformAdmin',
    path: '/admin/users',
    open: (page) => page.getByText('Maya Strings').click(),
    ready: (page) => expect(page.getByTestId('musician-profile')).toBeVisible(),
  },
  // The spec's coming-soon page, on its own and where the musician's Store tab leads.
  { name: 'coming-soon', who: 'member', path: '/coming-soon', ready: (page) => expect(page.getByRole('heading', { name: 'Coming soon', level: 1 })).toBeVisible() },
  {
    name: 'admin-user-store',
    who: 'platformAdmin',
    path: '/admin/users',
    open: async (page) => {
      await page.getByText('Maya Strings').click();
      await page.getByRole('tab', { name: 'Store' }).click();
    },
    ready: (page) => expect(page.getByText('Store is coming soon: nothing here is kept or shown yet.')).toBeVisible(),
  },
  { name: 'admin-jobs', who: 'platformAdmin', path: '/admin/jobs', ready: (page) => expect(page.getByText('Queue: table')).toBeVisible() },
  { name: 'admin-accounts', who: 'platformAdmin', path: '/admin/accounts', ready: (page) => expect(page.getByText('Harbor City FC')).toBeVisible() },
  {
    name: 'admin-account',
    who: 'platformAdmin',
    path: '/admin/accounts',
    open: (page) => page.getByText('Harbor City FC').click(),
    ready: (page) => expect(page.getByRole('heading', { name: 'Harbor City FC', level: 1 })).toBeVisible(),
  },
];

for (const screen of screens) {
  test(`${screen.name} has no serious or critical accessibility violations`, async ({ page }) => {
    await openAsWho(page, screen.who, screen.path);
    await screen.open?.(page);
    await expectAccessible(page, screen.name, () => screen.ready(page));
  });
}
