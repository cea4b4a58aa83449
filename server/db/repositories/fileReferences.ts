import type { Db } from '..';

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

/** Whether any row still names this file's URL. */
export async function isFileReferenced(db: Db, url: string): Promise<boolean> {
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
