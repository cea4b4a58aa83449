import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { makePng } from '../fixtures/images';
import { CONSOLE_REQUEST_HEADER } from '#shared/domain/constants';
import type { AccountChoice } from '#shared/domain/types';

export const DEMO_PASSWORD = 'demo1234';

function dataDir(): string {
  return process.env.E2E_DATA_DIR ?? path.resolve('.tmp/e2e');
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** Mails the server wrote to its outbox, oldest first. */
export function outbox(): OutboxMail[] {
  const dir = path.join(dataDir(), 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OutboxMail);
}

/** Waits for a mail to `to` whose subject matches, and answers its first link. */
export async function linkFromMail(to: string, subject: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = outbox()
        .filter((m) => m.to === to && subject.test(m.subject))
        .at(-1);
      link = mail?.text.match(/https?:\/\/\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** Signs in through the login screen. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/**
 * Signs in the way the console does, without the sign-in screen (auth.spec.ts tests that).
 * With `account`, also chooses that account by name, as the account selection does.
 */
export async function signInByApi(
  page: Page,
  email: string,
  { account, password = DEMO_PASSWORD }: { account?: string; password?: string } = {},
): Promise<void> {
  const headers = { [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value };
  const login = await page.request.post('/api/auth', { data: { email, password }, headers });
  expect(login.status(), await login.text()).toBe(200);
  if (!account) return;
  const choices = await page.request.get(`/api/users/me/accounts?q=${encodeURIComponent(account)}`, { headers });
  const chosen = ((await choices.json()) as { data: AccountChoice[] }).data.find((choice) => choice.name === account);
  expect(chosen, `${email} may choose ${account}`).toBeDefined();
  const switched = await page.request.post(`/api/auth/switch-account/${encodeURIComponent(chosen!.id)}`, { headers });
  expect(switched.status(), await switched.text()).toBe(200);
}

/**
 * Signs in by the API and opens `path`, waiting for the console's shell: the screen under test
 * loads once, instead of after the sign-in screen and Insights (each load costs seconds of CPU
 * on a two-core machine, and most tests have a sign-in).
 */
export async function openAs(page: Page, email: string, path: string, options: { account?: string; password?: string } = {}): Promise<void> {
  await signInByApi(page, email, options);
  await page.goto(path);
  await expect(page.getByRole('button', { name: /^Open user menu/ })).toBeVisible();
}

/** Opens the e2e server's database for a test's set-up and closes it afterwards. */
export async function withServerDb<T>(work: (deps: ServerDeps) => Promise<T>): Promise<T> {
  const { createDb } = await import('../../server/db');
  const { loadConfig } = await import('../../server/config');
  const { createMailer } = await import('../../server/adapters/mail');
  const config = loadConfig({ DATA_DIR: dataDir(), LOG_LEVEL: 'silent', PORT: process.env.E2E_PORT ?? '3210' } as NodeJS.ProcessEnv);
  const db = createDb({ sqliteFile: path.join(dataDir(), 'app.sqlite') });
  const mailer = createMailer(config, () => undefined);
  const { createFileStore } = await import('../../server/files');
  const files = createFileStore(config);
  const { createBackground } = await import('../../server/background');
  const { createQueue } = await import('../../server/adapters/queue');
  const background = createBackground((err) => console.error(err));
  const queue = createQueue(db);
  const { createBilling } = await import('../../server/adapters/billing');
  const billing = createBilling(db, config);
  try {
    return await work({ db, mailer, config, files, background, queue, billing });
  } finally {
    await queue.stop();
    await background.idle();
    mailer.close();
    files.close();
    await db.destroy();
  }
}

type ServerDeps = Parameters<typeof import('../../server/services/invitations').createInvitation>[0];

/**
 * Invites an email to a demo account the way the server does (mail to the outbox included),
 * as the account's owner.
 */
export async function inviteByOwner(accountSlug: string, email: string, role: 'readonly' | 'user' | 'admin' = 'user') {
  const { createInvitation } = await import('../../server/services/invitations');
  await withServerDb(async (deps) => {
    const { db } = deps;
    const owner = await db.selectFrom('users').selectAll().where('email', '=', 'owner@example.com').executeTakeFirstOrThrow();
    const account = await db.selectFrom('accounts').select('id').where('slug', '=', accountSlug).executeTakeFirstOrThrow();
    await createInvitation(deps, { accountId: account.id, email, role, invitedBy: owner });
  });
}

/**
 * Adds a verified member with the demo password to a demo account, for a test that changes
 * the member (its password, its accounts) without disturbing the shared demo users.
 */
export async function addDemoMember(accountSlug: string, email: string, role: 'readonly' | 'user' | 'admin' = 'user') {
  const { createUser } = await import('../../server/services/users');
  const { addMember } = await import('../../server/services/accountCreate');
  await withServerDb(async ({ db }) => {
    const account = await db.selectFrom('accounts').select('id').where('slug', '=', accountSlug).executeTakeFirstOrThrow();
    const [firstName, lastName] = ['Test', email.split('@')[0]!];
    const userId = await createUser(db, { email, firstName, lastName, password: DEMO_PASSWORD, emailVerified: true, status: 'enabled' });
    await addMember(db, account.id, userId, role);
  });
}

/** Adds a musician user with a small profile, lessons off, for a test that edits a musician. */
export async function addDemoMusician(email: string, firstName: string, lastName: string): Promise<string> {
  const { createUser } = await import('../../server/services/users');
  const { saveMusicianProfile } = await import('../../server/services/musicianProfiles');
  const { musicianSchema } = await import('#shared/domain/schemas/musician');
  const { emptySchedule } = await import('#shared/domain/schedule');
  return withServerDb(async ({ db }) => {
    const userId = await createUser(db, { email, firstName, lastName, password: DEMO_PASSWORD, type: 'musician', emailVerified: true, status: 'enabled' });
    const profile = {
      slug: `${firstName}${lastName}`.toLowerCase(),
      featured: false,
      featurePosition: null,
      summary: `${firstName} plays guitar.`,
      instruments: ['Guitar'],
      band: '',
      location: '',
      facebook: '',
      instagram: '',
      youtube: '',
      twitter: '',
      website: '',
      customembed: '',
      enableLessons: false,
      halfHourRate: null,
      hourRate: null,
      locationOnline: false,
      locationMusician: false,
      locationStudent: false,
      lessonLocation: '',
      timezone: '',
      schedule: emptySchedule(),
      scheduleOffs: [],
      migrateScheduling: false,
    };
    await saveMusicianProfile(db, userId, musicianSchema.parse(profile));
    return userId;
  });
}

/**
 * Adds a user who belongs to no account, for a test that verifies, disables or edits them:
 * not verified and pending by default, with the demo password.
 */
export async function addPlatformUser(email: string, firstName: string, lastName: string, { emailVerified = false } = {}): Promise<string> {
  const { createUser } = await import('../../server/services/users');
  return withServerDb(({ db }) =>
    createUser(db, { email, firstName, lastName, password: DEMO_PASSWORD, emailVerified, status: emailVerified ? 'enabled' : 'pending' }),
  );
}

/** Adds an account with a new verified owner, for a test that changes an account's configuration. */
export async function addDemoAccount(slug: string, name: string, ownerEmail: string): Promise<void> {
  const { createUser } = await import('../../server/services/users');
  const { addMember, createAccount } = await import('../../server/services/accountCreate');
  await withServerDb(async ({ db }) => {
    const accountId = await createAccount(db, { name, slug });
    const userId = await createUser(db, {
      email: ownerEmail,
      firstName: 'Test',
      lastName: 'Owner',
      password: DEMO_PASSWORD,
      emailVerified: true,
      status: 'enabled',
    });
    await addMember(db, accountId, userId, 'owner');
  });
}

export const fileInput = (page: Page, label: string) => page.locator(`input[type="file"][aria-label="${label}"]`);

/** Picks a generated PNG for the field, checks the crop dialog's output size and uploads. */
export async function cropAndUpload(page: Page, label: string, size: [number, number], output: string) {
  await fileInput(page, label).setInputFiles({ name: `${label}.png`, mimeType: 'image/png', buffer: makePng(...size) });
  const dialog = page.getByRole('dialog', { name: 'Crop image' });
  await expect(dialog.getByText(`Saved at ${output} px`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Crop and upload' }).click();
  await expect(dialog).toBeHidden();
}
