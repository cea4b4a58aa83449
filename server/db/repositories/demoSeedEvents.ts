import type { Insertable } from 'kysely';
import type { Db } from '..';
import type { Database } from '../types';

/**
 * The demo seed's raw events: months of visits, link clicks, views and likes written in bulk
 * (the capture and public pages append them one at a time), and the counts they add up to.
 */

export type EventTable = 'visits' | 'linkClicks' | 'views' | 'likes';

/** A few hundred rows a statement: one a row would take minutes, all in one would pass SQLite's limit of bound parameters. */
const BATCH = 400;

export async function insertEventRows<T extends EventTable>(db: Db, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  for (let at = 0; at < rows.length; at += BATCH)
    await db
      .insertInto(table)
      .values(rows.slice(at, at + BATCH) as never)
      .execute();
}

export async function setUploadCounts(db: Db, uploadId: string, viewCount: number, likeCount: number): Promise<void> {
  await db.updateTable('uploads').set({ viewCount, likeCount }).where('id', '=', uploadId).execute();
}
