import type { Db } from '../db';
import type { FileStore } from '../files';
import { isTmpKey } from '../files/keys';
import { isFileReferenced } from '../db/repositories/fileReferences';

/** URLs a save dropped from a row: the old value of each column the save changed. Call with the row as it was and the image columns written. */
export function droppedUrls<C extends string>(before: Partial<Record<C, string | null>>, written: Partial<Record<C, string | null>>): string[] {
  return (Object.keys(written) as C[])
    .map((column) => before[column])
    .filter((url, index, all): url is string => !!url && all.indexOf(url) === index && !Object.values(written).includes(url));
}

/**
 * After a row no longer names these URLs (it was saved): removes each saved file nothing else
 * names (cloned pages share their images, so a file may still be named elsewhere). A removal that fails leaves an orphan file behind, never a broken save.
 */
export async function releaseFiles(deps: { db: Db; files: FileStore }, urls: (string | null | undefined)[]): Promise<void> {
  for (const url of new Set(urls)) {
    if (!url || (await isFileReferenced(deps.db, url))) continue;
    const key = deps.files.keyOfUrl(url);
    if (!key || isTmpKey(key)) continue;
    await deps.files.remove(key).catch(() => undefined);
  }
}
