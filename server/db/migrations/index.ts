import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Migration } from 'kysely';

/** A migration's file: a UTC stamp and what it does ('20261122000000-Initial.ts'). */
const MIGRATION_FILE = /^(\d{14}-\w+)\.ts$/;

/**
 * The migrations of a folder, in order: each file named like one, keyed by its name without the
 * extension (the name Kysely records as run); other files (this index) are not migrations.
 */
export async function migrationsIn(folder: string): Promise<Record<string, Migration>> {
  const names = fs
    .readdirSync(folder)
    .flatMap((file) => MIGRATION_FILE.exec(file)?.[1] ?? [])
    .sort();
  const loaded = await Promise.all(
    names.map(async (name) => {
      const migration = (await import(pathToFileURL(path.join(folder, `${name}.ts`)).href)) as Partial<Migration>;
      if (typeof migration.up !== 'function') throw new Error(`${name}.ts is named as a migration but exports no up()`);
      return [name, migration as Migration] as const;
    }),
  );
  return Object.fromEntries(loaded);
}

/** Every migration of the database: this folder's files, so a new migration is a new file and nothing else. */
export const migrations = (): Promise<Record<string, Migration>> => migrationsIn(import.meta.dirname);
