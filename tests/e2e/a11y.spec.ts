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
// opens in a11yOverlays.spec.ts, the fan's pages zoomed to 200% in captureA11y.spec.ts.
// A screen reached from another (a page from the list, a user and their Store tab, an account) is
// checked in the same test, after its list: one console load for both instead of one each.
interface Screen {
  name: string;
  /** How the user gets there from the screen before it (at desktop width). */
  open?: (page: Page) => Promise<void>;
  ready: (page: Page) => Promise<void>;
}
const walks: { who: 'member' | 'platformAdmin'; path: string; screens: Screen[] }[] = [
  {
    who: 'member',
    path: '/pages',
    screens: [
      { name: 'pages', ready: (page) => expect(page.getByText('Album Launch Party')).toBeVisible() },
      {
        name: 'page-edit',
        open: (page) => page.getByText('Album Launch Party').click(),
        ready: (page) => expect(page.getByRole('heading', { name: 'Album Launch Party', level: 1 })).toBeVisible(),
      },
    ],
  },
  {
    who: 'member',
    path: '/account-settings',
    screens: [{ name: 'account-settings', ready: (page) => expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible() }],
  },
  {
    who: 'member',
    path: '/account-settings/users',
    screens: [{ name: 'account-users', ready: (page) => expect(page.getByText('sam@example.com').first()).toBeVisible() }],
  },
  {
    who: 'member',
    path: '/account-settings/subscription',
    screens: [{ name: 'subscription', ready: (page) => expect(page.getByText('Current plan')).toBeVisible() }],
  },
  { who: 'member', path: '/settings/profile', screens: [{ name: 'profile', ready: (page) => expect(page.getByRole('textbox').first()).toBeVisible() }] },
  {
    who: 'platformAdmin',
    path: '/admin/users',
    screens: [
      { name: 'admin-users', ready: (page) => expect(page.getByText('Maya Strings')).toBeVisible() },
      {
        name: 'admin-user',
        open: (page) => page.getByText('Maya Strings').click(),
        ready: (page) => expect(page.getByTestId('musician-profile')).toBeVisible(),
      },
      // The spec's coming-soon page where the musician's Store tab leads (on its own below).
      {
        name: 'admin-user-store',
        open: (page) => page.getByRole('tab', { name: 'Store' }).click(),
        ready: (page) => expect(page.getByText('Store is coming soon: nothing here is kept or shown yet.')).toBeVisible(),
      },
    ],
  },
  {
    who: 'member',
    path: '/coming-soon',
    screens: [{ name: 'coming-soon', ready: (page) => expect(page.getByRole('heading', { name: 'Coming soon', level: 1 })).toBeVisible() }],
  },
  { who: 'platformAdmin', path: '/admin/jobs', screens: [{ name: 'admin-jobs', ready: (page) => expect(page.getByText('Queue: table')).toBeVisible() }] },
  {
    who: 'platformAdmin',
    path: '/admin/accounts',
    screens: [
      { name: 'admin-accounts', ready: (page) => expect(page.getByText('Harbor City FC')).toBeVisible() },
      {
        name: 'admin-account',
        open: (page) => page.getByText('Harbor City FC').click(),
        ready: (page) => expect(page.getByRole('heading', { name: 'Harbor City FC', level: 1 })).toBeVisible(),
      },
    ],
  },
];

for (const walk of walks) {
  const names = walk.screens.map((screen) => screen.name);
  test(`${names.join(', then ')} ${names.length > 1 ? 'have' : 'has'} no serious or critical accessibility violations`, async ({ page }) => {
    await openAsWho(page, walk.who, walk.path);
    for (const screen of walk.screens) {
      if (screen.open) {
        await page.setViewportSize(WIDTHS[0]);
        await screen.open(page);
      }
      await expectAccessible(page, screen.name, () => screen.ready(page));
    }
  });
}
