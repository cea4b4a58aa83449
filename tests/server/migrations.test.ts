import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate } from '../../server/db';
import { migrationsIn } from '../../server/db/migrations';
import { freshDb, testDatabases } from './helpers';

/** A migration is its file in server/db/migrations: no list to keep besides the folder. */
const folder = path.resolve(import.meta.dirname, '../../server/db/migrations');
const stamped = fs
  .readdirSync(folder)
  .filter((file) => /^\d{14}-\w+\.ts$/.test(file))
  .map((file) => path.basename(file, '.ts'))
  .sort();

describe.each(testDatabases)('migrations on $name', (kind) => {
  it("runs every file of the folder, in order, under its file's name", async () => {
    const { db, drop } = await freshDb(kind);
    try {
      await migrate(db);
      const run = await sql<{ name: string }>`select name from kysely_migration order by timestamp, name`.execute(db);
      expect(run.rows.map((row) => row.name)).toEqual(stamped);
      expect(stamped[0]).toBe('20261122000000-Initial');
    } finally {
      await db.destroy();
      await drop();
    }
  });
});

describe('the migrations of a folder', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-migrations-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);

  it('are its stamped files, sorted by name, keyed without the extension; other files are not migrations', async () => {
    write('20260102000000-Second.ts', 'export async function up() {}\n');
    write('20260101000000-First.ts', 'export async function up() {}\nexport async function down() {}\n');
    write('index.ts', 'export const notAMigration = 1;\n');
    write('README.md', 'notes\n');
    const found = await migrationsIn(dir);
    expect(Object.keys(found)).toEqual(['20260101000000-First', '20260102000000-Second']);
    expect(found['20260101000000-First'].down).toBeTypeOf('function');
  });

  it('refuses a file named as a migration that exports no up()', async () => {
    write('20260103000000-Broken.ts', 'export const down = 1;\n');
    await expect(migrationsIn(dir)).rejects.toThrow('20260103000000-Broken.ts is named as a migration but exports no up()');
  });
});
