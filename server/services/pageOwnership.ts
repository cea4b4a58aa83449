import type { Db } from '../db';
import { fieldError } from '../errors';

/** A page id given as a filter must name a page of the account; another account's page is unknown here. */
export async function assertPageOfAccount(db: Db, accountId: string, pageId: string): Promise<void> {
  const page = await db.selectFrom('pages').select('id').where('id', '=', pageId).where('accountId', '=', accountId).executeTakeFirst();
  if (!page) throw fieldError('pageId', 'app.server.noSuchPage');
}
