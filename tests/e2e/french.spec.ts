import { expect, test, type Page } from '@playwright/test';
import { addDemoMember, openAs, signIn, withServerDb, DEMO_PASSWORD } from './support';
import { seriousViolations } from './axe';

/** Words of our English UI that a French screen must not show (as whole words, case kept). */
const ENGLISH = [
  'Save',
  'Delete',
  'Cancel',
  'Search',
  'Settings',
  'Insights',
  'Fan Uploads',
  'Fan Data',
  'Your Pages',
  'Rows per page',
  'Loading',
  'Status',
  'Created',
  'Users',
  'Subscription',
  'Profile',
  'Log out',
  'Coming soon',
  'Filters',
  'Export CSV',
  'Enabled',
];
/** A message key shown instead of its words: app.*, resources.*, ra.* with at least two parts. */
const UNTRANSLATED = /\b(?:app|resources|ra)\.[\w/-]+\.[\w.-]+/;

/** Moves inside the single-page console (react-router follows history), so each route costs no reload. */
async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function chooseFrench(page: Page) {
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/users/me/locale') && response.request().method() === 'PUT');
  await page.getByRole('button', { name: /^Open user menu/ }).click();
  await page.getByRole('menuitemradio', { name: 'Français' }).click();
  await expect(page.getByRole('button', { name: /^Ouvrir le menu utilisateur/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect((await saved).status()).toBe(200);
}

/** The screen's visible text and its accessible names (aria-label, title, placeholder, alt). */
const shownWords = (page: Page) =>
  page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')].flatMap((element) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.body.innerText, ...attributes].join('\n');
  });

/**
 * The English walk's axe rules (a11y.spec.ts) but colour contrast: the French screens have the
 * same colours, checked there at two widths, and contrast is most of axe's time (with it this
 * walk took 84 s instead of 50 s on a busy two-core machine; without it, 54 s).
 */
const SKIPPED_RULES = ['color-contrast'];

/** No key left untranslated, no English word of ours, no serious or critical axe violation. */
async function expectFrench(page: Page, name: string) {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByText(/^Chargement/)).toHaveCount(0);
  const text = await shownWords(page);
  expect.soft(text.match(UNTRANSLATED)?.[0], `${name}: a message key instead of words`).toBeUndefined();
  expect
    .soft(
      ENGLISH.filter((word) => new RegExp(`(^|[^\\w])${word}([^\\w]|$)`).test(text)),
      `${name}: English words`,
    )
    .toEqual([]);
  expect.soft(await seriousViolations(page, { skip: SKIPPED_RULES }), `${name}: axe`).toEqual([]);
}

interface Screen {
  path: string;
  /** What shows once the screen is there (data of the demo, the same in every language). */
  ready: (page: Page) => Promise<void>;
  open?: (page: Page) => Promise<void>;
}

const heading = (page: Page, name: string) => expect(page.getByRole('heading', { name, exact: true }).first()).toBeVisible();

// The routes of the a11y walk (a11y.spec.ts), with Insights, Fan Uploads and Fan Data besides.
const MEMBER_SCREENS: Screen[] = [
  { path: '/', ready: (page) => heading(page, 'Statistiques') },
  { path: '/uploads', ready: (page) => heading(page, 'Contenus des fans') },
  {
    path: '/data',
    // Countries in the console's language, not the browser's (this browser is en-US).
    ready: async (page) => {
      await heading(page, 'Données des fans');
      await expect(page.getByText('États-Unis').first()).toBeVisible();
    },
  },
  { path: '/pages', ready: (page) => expect(page.getByText('Album Launch Party')).toBeVisible() },
  { path: '/pages', open: (page) => page.getByText('Album Launch Party').click(), ready: (page) => heading(page, 'Album Launch Party') },
  { path: '/account-settings', ready: (page) => expect(page.getByRole('button', { name: 'Enregistrer', exact: true })).toBeVisible() },
  { path: '/account-settings/users', ready: (page) => expect(page.getByText('sam@example.com').first()).toBeVisible() },
  { path: '/account-settings/subscription', ready: (page) => expect(page.getByText('Offre actuelle')).toBeVisible() },
  { path: '/settings/profile', ready: (page) => expect(page.getByRole('textbox').first()).toBeVisible() },
  { path: '/coming-soon', ready: (page) => heading(page, 'Bientôt disponible') },
  // What opens over the screens (a11yOverlays.spec.ts in English): menus and dialogs.
  {
    path: '/pages',
    open: (page) => page.getByRole('button', { name: /^Ouvrir le menu utilisateur/ }).click(),
    ready: (page) => expect(page.getByRole('menu')).toBeVisible(),
  },
  {
    path: '/uploads',
    open: (page) =>
      page
        .getByRole('button', { name: /^Ouvrir le contenu de/ })
        .first()
        .click(),
    ready: (page) => expect(page.getByRole('dialog').getByRole('heading', { name: 'Modération' })).toBeVisible(),
  },
  {
    path: '/account-settings/users',
    open: (page) => page.getByRole('button', { name: 'Inviter un utilisateur' }).click(),
    ready: (page) => expect(page.getByRole('dialog').getByRole('button', { name: "Envoyer l'invitation" })).toBeVisible(),
  },
  {
    path: '/data',
    open: (page) => page.getByRole('button', { name: 'Colonnes' }).click(),
    ready: (page) => expect(page.getByRole('dialog').getByRole('button', { name: 'Terminé' })).toBeVisible(),
  },
  {
    path: '/data',
    open: (page) => page.getByRole('button', { name: "Effacer les données d'un fan" }).click(),
    ready: (page) => expect(page.getByRole('dialog').getByRole('button', { name: 'Rechercher' })).toBeVisible(),
  },
];

const ADMIN_SCREENS: Screen[] = [
  { path: '/admin/users', ready: (page) => expect(page.getByText('Maya Strings')).toBeVisible() },
  { path: '/admin/users', open: (page) => page.getByText('Maya Strings').click(), ready: (page) => expect(page.getByTestId('musician-profile')).toBeVisible() },
  { path: '/admin/jobs', ready: (page) => expect(page.getByText("File d'attente : table")).toBeVisible() },
  { path: '/admin/accounts', ready: (page) => expect(page.getByText('Harbor City FC')).toBeVisible() },
  { path: '/admin/accounts', open: (page) => page.getByText('Harbor City FC').click(), ready: (page) => heading(page, 'Harbor City FC') },
  { path: '/admin/uploads', ready: (page) => heading(page, 'Contenus de la plateforme') },
];

/** The a11y walk's two widths: on a phone the menus and lists take their own, French, shapes. */
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

async function walk(page: Page, screens: Screen[]) {
  for (const screen of screens) {
    await page.setViewportSize(WIDTHS[0]);
    await go(page, screen.path);
    await screen.open?.(page);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await screen.ready(page);
      await expectFrench(page, `${screen.path}${screen.open ? ' (opened)' : ''} at ${size.width}px`);
    }
    if (screen.open) {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('menu')).toHaveCount(0);
    }
  }
}

test.describe('the console in French', () => {
  test('every screen, menu and dialog of the walk is in French at desktop and phone width: no key, no English word of ours, no serious axe violation', async ({
    browser,
  }) => {
    test.setTimeout(360_000);
    // Users of their own, so their saved French reaches no other spec's demo user.
    const member = 'francoise@example.com';
    const admin = 'admin.fr@example.com';
    await addDemoMember('midnightowls', member, 'admin');
    const { createUser } = await import('../../server/services/users');
    await withServerDb(({ db }) =>
      createUser(db, { email: admin, firstName: 'Amélie', lastName: 'Admin', type: 'admin', password: DEMO_PASSWORD, emailVerified: true, status: 'enabled' }),
    );
    for (const [who, start, screens, account] of [
      [member, '/pages', MEMBER_SCREENS, undefined],
      [admin, '/admin/users', ADMIN_SCREENS, 'The Midnight Owls'],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await openAs(page, who, start, { account });
      await chooseFrench(page);
      await walk(page, screens);
      await context.close();
    }
  });

  test('a French choice made once is followed by the other devices: open ones when opened again, new ones once signed in; the first visit follows the browser', async ({
    browser,
  }) => {
    const email = 'deux.appareils@example.com';
    await addDemoMember('midnightowls', email, 'user');
    const laptop = await browser.newContext();
    const first = await laptop.newPage();
    await openAs(first, email, '/pages');
    // A tablet already signed in, in English, while the choice is made on the laptop.
    const tablet = await browser.newContext({ locale: 'en-US' });
    const open = await tablet.newPage();
    await openAs(open, email, '/pages');
    await expect(open.getByRole('link', { name: 'Fan Uploads' }).first()).toBeVisible();
    await chooseFrench(first);
    await laptop.close();
    await open.reload();
    await expect(open.getByRole('button', { name: /^Ouvrir le menu utilisateur/ })).toBeVisible();
    await expect(open.getByRole('link', { name: 'Contenus des fans' }).first()).toBeVisible();
    await tablet.close();

    // Another device, its browser in English: the sign-in screen is English, the console French once signed in.
    const phone = await browser.newContext({ locale: 'en-US' });
    const second = await phone.newPage();
    await signIn(second, email);
    await expect(second.getByRole('button', { name: /^Ouvrir le menu utilisateur/ })).toBeVisible();
    await expect(second.getByRole('link', { name: 'Contenus des fans' }).first()).toBeVisible();
    await phone.close();

    // Someone who never chose: a French browser gets French from the sign-in screen on.
    const visitor = await browser.newContext({ locale: 'fr-FR' });
    const login = await visitor.newPage();
    await login.goto('/login');
    await expect(login.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await visitor.close();
  });
});
