import fs from 'node:fs';
import path from 'node:path';

/**
 * What a backup folder holds (scripts/backup.ts writes it, scripts/restore.ts reads it):
 * `app.sqlite` (SQLite only), `files/` (the local file driver's folder), the DATA_DIR keys and
 * `backup.json` saying what is there. Unfinished fan uploads (`tus/`), the mail outbox and
 * the demo media are not part of it.
 */
export const SQLITE_FILE = 'app.sqlite';
export const FILES_DIR = 'files';
export const MANIFEST = 'backup.json';
/** Keys kept in DATA_DIR when not set in the environment: without them salts and stored tokens are lost. */
export const KEY_FILES = ['.visitor-salt', '.secrets-key'];
/** The local driver's half-written files: never part of a backup. */
export const INCOMING_DIR = '.incoming';

export interface BackupManifest {
  createdAt: string;
  appVersion: string;
  database: 'sqlite' | 'postgres';
  /** Whether files/ holds the files (false on S3: the bucket is backed up on its own). */
  files: boolean;
  fileCount: number;
  fileBytes: number;
}

/**
 * Copies a folder's files under `to`, skipping INCOMING_DIR; a clone where the file system
 * allows it. A file removed while the copy runs is skipped (its row went with it). Answers the
 * number of files and their bytes.
 */
export async function copyTree(from: string, to: string): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  await fs.promises.mkdir(to, { recursive: true });
  for (const entry of await fs.promises.readdir(from, { withFileTypes: true })) {
    if (entry.name === INCOMING_DIR) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      const copied = await copyTree(source, target);
      count += copied.count;
      bytes += copied.bytes;
    } else if (entry.isFile()) {
      try {
        await fs.promises.copyFile(source, target, fs.constants.COPYFILE_FICLONE);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      count += 1;
      bytes += (await fs.promises.stat(target)).size;
    }
  }
  return { count, bytes };
}
