import path from 'node:path';
import { loadConfig } from '../server/config';
import { createDb, migrate } from '../server/db';
import { rebuildAccountRollups, rebuildAllRollups } from '../server/services/statsRebuild';

/**
 * `npm run rollups:rebuild [accountId]`: recomputes the stats roll-ups from the raw events, for
 * one account or all, against the database the server uses (DATABASE_URL or DATA_DIR's SQLite).
 */
const config = loadConfig();
const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'app.sqlite') });
const accountId = process.argv[2];
const started = Date.now();
await migrate(db);
if (accountId) {
  await rebuildAccountRollups(db, accountId);
  console.log(`Rebuilt the roll-ups of account ${accountId} in ${Date.now() - started} ms`);
} else {
  const count = await rebuildAllRollups(db);
  console.log(`Rebuilt the roll-ups of ${count} accounts in ${Date.now() - started} ms`);
}
await db.destroy();
