import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, migrate, type Db } from '../server/db';
import { accountsBySlugs } from '../server/db/repositories/demoSeedContent';
import { seedDemo } from '../scripts/demoSeed';

/**
 * A temp data folder whose SQLite file (app.sqlite, as the server opens it) holds the demo seed,
 * and The Midnight Owls' id: a benchmark adds its rows through `db` (then destroys it) or `file`.
 */
export async function seededSqlite(prefix: string): Promise<{ dataDir: string; file: string; db: Db; bandId: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const file = path.join(dataDir, 'app.sqlite');
  const db = createDb({ sqliteFile: file });
  await migrate(db);
  await seedDemo(db);
  const [band] = await accountsBySlugs(db, ['midnightowls']);
  return { dataDir, file, db, bandId: band.id };
}
