import type { Db } from '../db';
import { fieldError } from '../errors';
import { isPageOfAccount } from '../db/repositories/pages';

/** A page id given as a filter must name a page of the account; another account's page is unknown here. */
export async function assertPageOfAccount(db: Db, accountId: string, pageId: string): Promise<void> {
  if (!(await isPageOfAccount(db, accountId, pageId))) throw fieldError('pageId', 'app.server.noSuchPage');
}
