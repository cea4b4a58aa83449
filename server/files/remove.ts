import type { FileStore } from './types';

export type FileLog = { warn: (obj: object, msg: string) => void };

/** Stored files, once their row is gone or no longer names them; one that fails to go is logged as `what`, the change stands. */
export async function removeStoredFiles(deps: { files: FileStore }, keys: string[], log: FileLog, what: string): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => deps.files.remove(key)));
  results.forEach((result, index) => {
    if (result.status === 'rejected') log.warn({ key: keys[index], err: result.reason }, `could not remove ${what}`);
  });
}
