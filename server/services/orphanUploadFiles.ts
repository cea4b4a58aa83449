import type { Deps } from '../deps';
import { namedUploadIds } from '../db/repositories/captureUploads';

/** Where fans' files live: one folder per upload, `uploads/<account id>/<upload id>/`. */
const UPLOADS_PREFIX = 'uploads/';

/**
 * A folder written to within this long is left alone: a submission moves its original into
 * place before its row commits, and a job may be writing an output.
 */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/** How often the worker sweeps. */
const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

const BATCH = 500;

/**
 * Removes upload folders that no row names and nothing was written to for ORPHAN_MIN_AGE_MS:
 * what an erasure or delete racing the pipeline left behind, or a submission that
 * stopped between moving its file and writing its row. Answers how many folders went.
 */
export async function sweepOrphanUploadFiles(deps: Pick<Deps, 'db' | 'files'>, now = Date.now()): Promise<number> {
  // The newest write in each folder.
  const folders = new Map<string, number>();
  for await (const object of deps.files.list(UPLOADS_PREFIX)) {
    const parts = object.key.split('/');
    if (parts.length < 4) continue;
    const folder = parts.slice(0, 3).join('/');
    folders.set(folder, Math.max(folders.get(folder) ?? 0, object.modifiedAt.getTime()));
  }
  const idle = [...folders].filter(([, newest]) => newest < now - ORPHAN_MIN_AGE_MS).map(([folder]) => folder);
  const uploadIdOf = (folder: string) => folder.split('/')[2];
  let removed = 0;
  for (let start = 0; start < idle.length; start += BATCH) {
    const batch = idle.slice(start, start + BATCH);
    const named = await namedUploadIds(deps.db, batch.map(uploadIdOf));
    for (const folder of batch.filter((folder) => !named.has(uploadIdOf(folder)))) {
      for await (const object of deps.files.list(`${folder}/`)) await deps.files.remove(object.key);
      removed += 1;
    }
  }
  return removed;
}

/** Sweeps every ORPHAN_SWEEP_INTERVAL_MS in a process that runs jobs, without keeping it alive; answers how to stop. */
export function startOrphanUploadSweeps(deps: Pick<Deps, 'db' | 'files'>, log: { warn: (obj: object, msg: string) => void }): () => void {
  const timer = setInterval(() => {
    sweepOrphanUploadFiles(deps).catch((err: unknown) => log.warn({ err }, 'orphan upload file sweep failed'));
  }, ORPHAN_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
