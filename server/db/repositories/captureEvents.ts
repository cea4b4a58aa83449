import type { Insertable } from 'kysely';
import type { Db } from '..';
import type { LinkClicksTable, VisitsTable } from '../types';

/** The capture page's events, appended as they happen (the stats roll them up in the same transaction). */

export async function insertVisit(db: Db, row: Insertable<VisitsTable>): Promise<void> {
  await db.insertInto('visits').values(row).execute();
}

export async function insertLinkClick(db: Db, row: Insertable<LinkClicksTable>): Promise<void> {
  await db.insertInto('linkClicks').values(row).execute();
}
