import { newScreenToken } from './screenTokens';
import type { Db } from '../db';
import { findPageById, findPageOfAccount, insertPage, isPageOfAccount, isSlugTaken } from '../db/repositories/pages';
import type { Page } from '../db/types';
import { newId, nowIso } from '../db/rows';
import { fieldError, notFound } from '../errors';
import { DEFAULT_MARKETING_CONSENT } from '#shared/domain/constants';

export const DEFAULT_PAGE_TITLE = 'Share your video with us!';

/** A slug from the name (letters and numbers), made unique within the account with digits. */
async function uniqueSlug(db: Db, accountId: string, name: string): Promise<string> {
  const base = (
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]/g, '')
      .toLowerCase() || 'page'
  ).slice(0, 44);
  for (let n = 0; ; n++) {
    const slug = n === 0 ? base : `${base}${n + 1}`;
    if (!(await isSlugTaken(db, accountId, slug))) return slug;
  }
}

/** A new page, or a copy of one of the same account: every setting, a fresh slug, not enabled. */
export async function createPage(db: Db, accountId: string, name: string, cloneOf?: string): Promise<Page> {
  const now = nowIso();
  const slug = await uniqueSlug(db, accountId, name);
  let source: Partial<Page> = { title: DEFAULT_PAGE_TITLE, marketingConsent: DEFAULT_MARKETING_CONSENT };
  if (cloneOf) {
    const original = await findPageOfAccount(db, accountId, cloneOf);
    if (!original) throw notFound('page');
    source = original;
  }
  const id = newId();
  await insertPage(db, { ...(source as Page), id, accountId, name, slug, status: 'pending', screenToken: newScreenToken(), createdAt: now, updatedAt: now });
  return findPageById(db, id, { required: true });
}

/** A page id given as a filter must name a page of the account; another account's page is unknown here. */
export async function assertPageOfAccount(db: Db, accountId: string, pageId: string): Promise<void> {
  if (!(await isPageOfAccount(db, accountId, pageId))) throw fieldError('pageId', 'app.server.noSuchPage');
}
