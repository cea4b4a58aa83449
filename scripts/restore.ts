import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { copyTree, FILES_DIR, KEY_FILES, MANIFEST, SQLITE_FILE, type BackupManifest } from './backupLayout';

/**
 * `npm run restore <folder> [--data-dir <dir>] [--force]`: puts a backup of scripts/backup.ts
 * into DATA_DIR (or the folder given), with the server stopped. A data folder that already holds
 * anything (besides its backups/) is left alone unless --force, which replaces its database,
 * files and keys. A PostgreSQL backup's database is restored with pg_restore (printed).
 */
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
const force = args.includes('--force');
const dataDirFlag = args.indexOf('--data-dir');
const positional = args.filter((arg, i) => !arg.startsWith('--') && (dataDirFlag < 0 || i !== dataDirFlag + 1));
if (positional.length !== 1 || (dataDirFlag >= 0 && !args[dataDirFlag + 1])) fail('Usage: npm run restore <backup folder> [--data-dir <folder>] [--force]');
const from = path.resolve(positional[0]);
const dataDir = dataDirFlag >= 0 ? path.resolve(args[dataDirFlag + 1]) : loadConfig().dataDir;

let manifest: BackupManifest;
try {
  manifest = JSON.parse(fs.readFileSync(path.join(from, MANIFEST), 'utf8')) as BackupManifest;
} catch {
  fail(`${from} is not a backup folder (no readable ${MANIFEST}).`);
}
if (manifest.database === 'sqlite' && !fs.existsSync(path.join(from, SQLITE_FILE))) fail(`${from} has no ${SQLITE_FILE}: the backup is incomplete.`);

// Its own backups may live in the data folder: they do not make it 'in use'.
const present = fs.existsSync(dataDir) ? fs.readdirSync(dataDir).filter((name) => name !== 'backups') : [];
if (present.length > 0 && !force) {
  fail(
    `${dataDir} is not empty (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', ...' : ''}): restore into a new folder, or stop the server and add --force to replace its database, files and keys.`,
  );
}
fs.mkdirSync(dataDir, { recursive: true });

if (manifest.database === 'sqlite') {
  const target = path.join(dataDir, SQLITE_FILE);
  const partial = `${target}.partial`;
  fs.copyFileSync(path.join(from, SQLITE_FILE), partial);
  // The old database's write-ahead log must not be replayed into the restored one.
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
  fs.renameSync(partial, target);
  console.log(`Database: ${target}`);
} else {
  console.log(
    'The backup is of a PostgreSQL database: restore it with pg_restore, e.g.\n  pg_restore --clean --if-exists --dbname "$DATABASE_URL" <the .dump file made by pg_dump>',
  );
}

if (manifest.files) {
  const files = path.join(dataDir, FILES_DIR);
  if (force) fs.rmSync(files, { recursive: true, force: true });
  const copied = fs.existsSync(path.join(from, FILES_DIR)) ? await copyTree(path.join(from, FILES_DIR), files) : { count: 0, bytes: 0 };
  console.log(`Files: ${copied.count} (${(copied.bytes / 1e6).toFixed(1)} MB) into ${files}`);
}
for (const key of KEY_FILES) {
  const source = path.join(from, key);
  if (fs.existsSync(source)) fs.copyFileSync(source, path.join(dataDir, key));
}
console.log(`Restored the backup of ${manifest.createdAt} into ${dataDir}.`);
