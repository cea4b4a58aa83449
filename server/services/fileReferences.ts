import type { Db } from '../db';
import type { FileStore } from '../files';
import { isTmpKey } from '../files/keys';

/**
 * Every column that holds the URL of a saved file. Cloned pages share their images (no copy),
 * so a file goes only when no column names it any more: the references are counted by asking
 * these columns at the moment a URL is dropped, which no stored counter can get out of step with.
 */
const FILE_COLUMNS = {
  accounts: ['favicon', 'headerImage', 'image', 'socialSiteImage'],
  pages: ['image', 'adImage'],
  users: ['avatar'],
  musicianProfiles: ['image', 'image2', 'image3'],
} as const;

async function isReferenced(db: Db, url: string): Promise<boolean> {
  for (const [table, columns] of Object.entries(FILE_COLUMNS) as [keyof typeof FILE_COLUMNS, readonly string[]][]) {
    const row = await db
      .selectFrom(table)
      .select(db.dynamic.ref<string>(columns[0]))
      .where((eb) => eb.or(columns.map((column) => eb(db.dynamic.ref(column), '=', url))))
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

/**
 * URLs a save dropped from a row: the old value of each column the save changed. Call with the
 * row as it was and the image columns written.
 */
export function droppedUrls<C extends string>(before: Partial<Record<C, string | null>>, written: Partial<Record<C, string | null>>): string[] {
  return (Object.keys(written) as C[]).map((column) => before[column]).filter((url, index, all): url is string =>
    !!url && all.indexOf(url) === index && !Object.values(written).includes(url),
  );
}

/**
 * After a row no longer names these URLs (it was saved): removes each saved file nothing else
 * names. A removal that fails leaves an orphan file behind, never a broken save.
 */
export async function releaseFiles(deps: { db: Db; files: FileStore }, urls: (string | null | undefined)[]): Promise<void> {
  for (const url of new Set(urls)) {
    if (!url || (await isReferenced(deps.db, url))) continue;
    const key = deps.files.keyOfUrl(url);
    if (!key || isTmpKey(key)) continue;
    await deps.files.remove(key).catch(() => undefined);
  }
}
