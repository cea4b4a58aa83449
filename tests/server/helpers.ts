import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { Migrator, type Migration } from 'kysely';
import type { AnyResource } from '#shared/resources/define';
import { testResourceOf } from '../fixtures/resources';
import { testBehaviours } from './testBehaviours';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { createDb, migrate, type Db } from '../../server/db';
import { newId } from '../../server/db/rows';
import { outboxDir } from '../../server/adapters/mail/outbox';
import type { Mailer } from '../../server/adapters/mail';
import { seedDemo, DEMO_PASSWORD } from '../../scripts/demoSeed';

export { DEMO_PASSWORD };

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  url?: string;
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDatabases: TestDatabase[] = [
  { name: 'sqlite' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const, url: process.env.TEST_DATABASE_URL }] : []),
];

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** A fresh, empty database of that kind: a temp SQLite file, or a new PostgreSQL database. */
export async function freshDb(kind: TestDatabase, sqliteFile?: string): Promise<{ db: Db; url?: string; drop: () => Promise<void> }> {
  if (kind.name === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-db-'));
    const db = createDb({ sqliteFile: sqliteFile ?? path.join(dir, 'test.sqlite') });
    return { db, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `t_${newId()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  const admin = new pg.Client({ connectionString: kind.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(kind.url!);
  url.pathname = `/${name}`;
  const db = createDb({ databaseUrl: url.toString() });
  return {
    db,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: kind.url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * The tables of test resources (tests/fixtures/resources), by their own migrations, after the
 * product's, in the order given; kept in a migration table of their own so the product's order is untouched.
 */
export async function migrateTestResources(db: Db, resources: readonly AnyResource[]): Promise<void> {
  if (!resources.length) return;
  // Named in the order given (Kysely runs them by name): a table made before the ones that reference it.
  const migrations: Record<string, Migration> = Object.fromEntries(
    resources.map((resource, i) => [`${String(i).padStart(2, '0')}-${resource.name}`, testResourceOf(resource).migration]),
  );
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'test_resource_migrations',
    migrationLockTableName: 'test_resource_migrations_lock',
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw new Error(`Test resource migration failed: ${String(error)}`);
}

/**
 * The real app on a fresh database with the demo seed (unless `seed: false`), mail going to
 * an outbox in a temp data folder. `resources` adds declared resources from tests/fixtures/resources:
 * their tables are migrated and their routes served as a product resource's would be.
 * `staticSite` serves a built site from a temp folder: a stand-in console index.html and the real
 * capture.html (the fans' pages are written into it).
 */
export async function createTestApp(
  kind: TestDatabase,
  {
    seed = true,
    config: overrides = {},
    mailer,
    resources = [],
    staticSite = false,
  }: { seed?: boolean; config?: Partial<Config>; mailer?: Mailer; resources?: readonly AnyResource[]; staticSite?: boolean } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-data-'));
  const staticDir = staticSite ? builtSite() : undefined;
  const { db, drop } = await freshDb(kind);
  await migrate(db);
  await migrateTestResources(db, resources);
  if (seed) await seedDemo(db);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, {
    staticDir,
    baseUrl: 'http://localhost:3000',
    ...overrides,
  });
  const app = await buildApp(config, { db, logger: false, mailer, resources, behaviours: testBehaviours });
  await app.ready();
  return {
    app,
    db,
    config,
    dataDir,
    async close() {
      await app.close();
      await db.destroy();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (staticDir) fs.rmSync(staticDir, { recursive: true, force: true });
    },
  };
}

/** A temp folder standing for the built site: a stand-in console index.html and the real capture.html. */
function builtSite(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-static-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.copyFileSync(path.resolve('capture.html'), path.join(dir, 'capture.html'));
  return dir;
}

/** The demo accounts' ids: The Midnight Owls (band) and Harbor City FC (team). */
export async function demoAccounts(db: Db): Promise<{ band: string; team: string }> {
  const rows = await db.selectFrom('accounts').select(['id', 'slug']).where('slug', 'in', ['midnightowls', 'harborcityfc']).execute();
  const id = (slug: string) => rows.find((row) => row.slug === slug)!.id;
  return { band: id('midnightowls'), team: id('harborcityfc') };
}

/** Signs in and answers the session cookie header to send with later requests. */
export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'sid');
  return `sid=${cookie!.value}`;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Mails written to the outbox, oldest first. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = outboxDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OutboxMail);
}

/** The first link in the newest mail to `to`. */
export function lastLinkTo(dataDir: string, to: string): string {
  const mail = readOutbox(dataDir)
    .filter((m) => m.to === to)
    .at(-1);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no mail with a link to ${to}`);
  return link;
}

/** An error answer's field problems as {path, message} in English (their keys are checked in errorBody.test.ts). */
export function fieldErrors(response: { json(): unknown }): { path: string; message: string }[] {
  const body = response.json() as { errors?: { path: string; message: string }[] };
  return (body.errors ?? []).map(({ path, message }) => ({ path, message }));
}
