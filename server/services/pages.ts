import type { Db } from '../db';
import { findPageById, findPageOfAccount, insertPage, isSlugTaken, pageRows, setPageStatus, updatePageSettings } from '../db/repositories/pages';
import { accountSlug } from '../db/repositories/accounts';
import { imageColumnChanges, type FileStore } from '../files';
import { droppedUrls, releaseFiles } from './fileReferences';
import type { Page, User } from '../db/types';
import { newId, nowIso, parseJson } from '../db/rows';
import { conflict, fieldError, notFound } from '../errors';
import { DEFAULT_MARKETING_CONSENT } from '#shared/domain/constants';
import { countryForced, type PageInput } from '#shared/domain/schemas/page';
import { CAPTURE_FLAGS } from '#shared/domain/schemas/captureFlags';
import { PAGE_TRANSITIONS, type PageStatusAction } from '#shared/domain/pageStatus';
import { assertCanActivatePage, assertFeature, limitsOf } from './planLimits';

const BOOL_FIELDS = ['requireApproval', 'allowSubmissions', ...CAPTURE_FLAGS] as const;

export const DEFAULT_PAGE_TITLE = 'Share your video with us!';

/** The page as the API answers it: booleans, the terms list, and its public addresses. */
export function pageDto(page: Page, accountSlug: string, baseUrl: string) {
  const address = `${baseUrl}/p/${accountSlug}/${page.slug}`;
  return {
    ...page,
    ...(Object.fromEntries(BOOL_FIELDS.map((field) => [field, page[field] === 1])) as Record<(typeof BOOL_FIELDS)[number], boolean>),
    customTerms: parseJson<string[]>(page.customTerms, []),
    address,
    mobileAddress: `${address}?mobile=1`,
  };
}

/** A slug from the name (letters and numbers), made unique within the account with digits. */
async function uniqueSlug(db: Db, accountId: string, name: string, exceptId?: string): Promise<string> {
  const base = (name.normalize('NFKD').replace(/[^A-Za-z0-9]/g, '').toLowerCase() || 'page').slice(0, 44);
  for (let n = 0; ; n++) {
    const slug = n === 0 ? base : `${base}${n + 1}`;
    if (!(await isSlugTaken(db, accountId, slug, exceptId))) return slug;
  }
}

export async function findPage(db: Db, id: string): Promise<Page> {
  const page = await findPageById(db, id);
  if (!page) throw notFound('page');
  return page;
}

export async function accountSlugOf(db: Db, accountId: string): Promise<string> {
  return accountSlug(db, accountId);
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
  await insertPage(db, { ...(source as Page), id, accountId, name, slug, status: 'pending', createdAt: now, updatedAt: now });
  return findPage(db, id);
}

/** An account's pages, one page of them, and how many there are. */
export async function listPages(db: Db, accountId: string, query: Parameters<typeof pageRows>[2]) {
  const { data, total } = await pageRows(db, accountId, query);
  return { rows: data, total };
}

const PAGE_IMAGES = ['image', 'adImage'] as const;

/** Saves every field; country capture follows city/state and phone; ads and terms need the plan. */
export async function updatePage(deps: { db: Db; files: FileStore }, page: Page, input: PageInput, caller: User): Promise<Page> {
  const { db } = deps;
  const limits = await limitsOf(db, page.accountId);
  if (input.customTerms.length > 0) assertFeature(limits, 'terms', 'custom_terms', caller);
  if (input.adUrl || input.adImageTmp?.trim()) assertFeature(limits, 'pageAds', 'page_ads', caller);
  // Slugs are kept lower-case, as account slugs are, so SummerTour and summertour are one slug.
  const slug = input.slug.toLowerCase();
  if (await isSlugTaken(db, page.accountId, slug, page.id)) throw fieldError('slug', 'app.server.slugTakenPage');
  const images = await imageColumnChanges(deps, caller.id, PAGE_IMAGES, input, `pages/${page.id}`);
  const bools = Object.fromEntries(BOOL_FIELDS.map((field) => [field, input[field] ? 1 : 0])) as Record<(typeof BOOL_FIELDS)[number], number>;
  await updatePageSettings(db, page.id, {
    name: input.name,
    slug,
    title: input.title,
    venueCities: input.venueCities,
    songList: input.songList,
    artistList: input.artistList,
    marketingConsent: input.marketingConsent,
    ...bools,
    captureCountry: input.captureCountry || countryForced(input) ? 1 : 0,
    customTerms: JSON.stringify(input.customTerms),
    adUrl: input.adUrl || null,
    ...images,
    updatedAt: nowIso(),
  });
  await releaseFiles(deps, droppedUrls(page, images));
  return findPage(db, page.id);
}

export async function changePageStatus(db: Db, page: Page, action: PageStatusAction, caller: User): Promise<Page> {
  const transition = PAGE_TRANSITIONS[action];
  if (!transition.from.includes(page.status)) {
    throw conflict('app.server.pageTransitionRefused', { from: page.status, to: transition.to });
  }
  if (action === 'enable') await assertCanActivatePage(db, page.accountId, caller);
  await setPageStatus(db, page.id, transition.to, nowIso());
  return findPage(db, page.id);
}
