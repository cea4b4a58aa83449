import type { Updateable } from 'kysely';
import type { Db } from '..';
import type { Page, PagesTable } from '../types';

/**
 * The demo seed's page rows: a page is created through the product's own rules, then given the
 * demo's settings and status in one write (the console would take several screens to do it).
 */

/** The pages of these accounts, in the table's order (the demo's traffic is drawn in that order). */
export function pagesOfAccounts(db: Db, accountIds: string[]): Promise<Page[]> {
  return db.selectFrom('pages').selectAll().where('accountId', 'in', accountIds).execute();
}

export async function setDemoPage(db: Db, id: string, columns: Omit<Updateable<PagesTable>, 'id'>): Promise<void> {
  await db.updateTable('pages').set(columns).where('id', '=', id).execute();
}

export async function setPagesStatus(db: Db, ids: string[], status: Page['status']): Promise<void> {
  if (ids.length) await db.updateTable('pages').set({ status }).where('id', 'in', ids).execute();
}
