import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../server/config';
import { copyTree, FILES_DIR, KEY_FILES, MANIFEST, SQLITE_FILE, type BackupManifest } from './backupLayout';

/**
 * `npm run backup [folder]`: a consistent copy of the data while the server runs, into the folder
 * (default DATA_DIR/backups/<time>). SQLite: `VACUUM INTO` writes the database as one read
 * transaction saw it (writers go on meanwhile), checked with quick_check; then the files folder
 * and the DATA_DIR keys are copied. The database goes first: a file saved after it is an extra
 * in the backup, never a row without its file. PostgreSQL is backed up with pg_dump (printed);
 * files in S3 with the bucket's own versioning or replication.
 */
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const dest = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', stamp));

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (fs.existsSync(dest) && fs.readdirSync(dest).length > 0) fail(`${dest} is not empty: give a new folder.`);
fs.mkdirSync(dest, { recursive: true });
const started = Date.now();

if (config.databaseUrl) {
  const name = new URL(config.databaseUrl).pathname.slice(1);
  console.log(
    `The database is PostgreSQL: back it up with pg_dump, e.g.\n  pg_dump --format=custom --file=${path.join(dest, `${name || 'database'}.dump`)} "$DATABASE_URL"\n(restore with pg_restore --clean --if-exists --dbname "$DATABASE_URL" <file>).`,
  );
} else {
  const file = path.join(config.dataDir, SQLITE_FILE);
  if (!fs.existsSync(file)) fail(`No database at ${file}: is DATA_DIR right?`);
  const partial = path.join(dest, `${SQLITE_FILE}.partial`);
  const source = new SQLite(file, { fileMustExist: true });
  source.pragma('busy_timeout = 10000');
  source.prepare('VACUUM INTO ?').run(partial);
  source.close();
  const copy = new SQLite(partial);
  const check = copy.pragma('quick_check', { simple: true });
  copy.close();
  if (check !== 'ok') fail(`The copy of the database failed its check (${String(check)}); nothing was written.`);
  fs.renameSync(partial, path.join(dest, SQLITE_FILE));
  console.log(`Database: ${path.join(dest, SQLITE_FILE)} (${(fs.statSync(path.join(dest, SQLITE_FILE)).size / 1e6).toFixed(1)} MB)`);
}

let copied = { count: 0, bytes: 0 };
if (config.s3) {
  console.log(`Files are in the S3 bucket ${config.s3.bucket}: back it up with the bucket's versioning or replication.`);
} else {
  const files = path.join(config.dataDir, FILES_DIR);
  if (fs.existsSync(files)) copied = await copyTree(files, path.join(dest, FILES_DIR));
  console.log(`Files: ${copied.count} (${(copied.bytes / 1e6).toFixed(1)} MB)`);
}
for (const key of KEY_FILES) {
  const from = path.join(config.dataDir, key);
  if (fs.existsSync(from)) fs.copyFileSync(from, path.join(dest, key));
}

const manifest: BackupManifest = {
  createdAt: new Date(started).toISOString(),
  appVersion: config.appVersion,
  database: config.databaseUrl ? 'postgres' : 'sqlite',
  files: !config.s3,
  fileCount: copied.count,
  fileBytes: copied.bytes,
};
fs.writeFileSync(path.join(dest, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`Backup written to ${dest} in ${((Date.now() - started) / 1000).toFixed(1)} s. Restore with: npm run restore ${dest}`);
