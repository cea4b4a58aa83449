import type { Insertable, Selectable } from 'kysely';
import type { Db } from '..';
import type { SuspectedSpamTable } from '../types';
import { countRows } from './paginate';
import type { UploadType } from '#shared/domain/constants';

/** Submissions held as suspected spam until a platform admin allows them or they are purged. */

type SuspectedSpam = Selectable<SuspectedSpamTable>;

export async function insertSuspectedSpam(db: Db, row: Insertable<SuspectedSpamTable>): Promise<void> {
  await db.insertInto('suspectedSpam').values(row).execute();
}

export async function suspectedSpamExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('suspectedSpam').select('id').where('id', '=', id).executeTakeFirst());
}

export function findSuspectedSpam(db: Db, id: string): Promise<SuspectedSpam | undefined> {
  return db.selectFrom('suspectedSpam').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes a held submission: false when it was gone already (allowed or purged meanwhile). */
export async function deleteSuspectedSpam(db: Db, id: string): Promise<boolean> {
  const taken = await db.deleteFrom('suspectedSpam').where('id', '=', id).executeTakeFirst();
  return Number(taken.numDeletedRows) === 1;
}

export async function deleteSuspectedSpamIds(db: Db, ids: string[]): Promise<void> {
  await db.deleteFrom('suspectedSpam').where('id', 'in', ids).execute();
}

/** The account's held submissions, every one (few: purged within days); their fields are JSON. */
export function suspectedSpamOfAccount(db: Db, accountId: string) {
  return db.selectFrom('suspectedSpam').select(['id', 'accountId', 'original', 'submission']).where('accountId', '=', accountId).execute();
}

/** Held submissions past their time, at most `limit` (the purge's batch). */
export function suspectedSpamDue(db: Db, now: string, limit: number) {
  return db.selectFrom('suspectedSpam').select(['id', 'original']).where('purgeAfter', '<', now).limit(limit).execute();
}

interface SuspectedSpamFilters {
  accountId?: string;
  type?: UploadType;
  startDate?: string;
  endDate?: string;
}

/** Platform Uploads' 'suspected spam' filter: one page of held submissions with their account's and page's names, and the total. */
export async function listSuspectedSpamRows(db: Db, filters: SuspectedSpamFilters, request: { page: number; limit: number; order: 'asc' | 'desc' }) {
  let matching = db.selectFrom('suspectedSpam');
  if (filters.accountId) matching = matching.where('suspectedSpam.accountId', '=', filters.accountId);
  if (filters.type) matching = matching.where('suspectedSpam.type', '=', filters.type);
  if (filters.startDate) matching = matching.where('suspectedSpam.createdAt', '>=', filters.startDate);
  if (filters.endDate) matching = matching.where('suspectedSpam.createdAt', '<', filters.endDate);
  const direction = request.order;
  const [rows, total] = await Promise.all([
    matching
      .innerJoin('accounts', 'accounts.id', 'suspectedSpam.accountId')
      .innerJoin('pages', 'pages.id', 'suspectedSpam.pageId')
      .selectAll('suspectedSpam')
      .select(['accounts.name as accountName', 'pages.name as pageName'])
      .orderBy('suspectedSpam.createdAt', direction)
      .orderBy('suspectedSpam.id', direction)
      .limit(request.limit)
      .offset((request.page - 1) * request.limit)
      .execute(),
    countRows(matching),
  ]);
  return { rows, total };
}

export type SuspectedSpamRow = Awaited<ReturnType<typeof listSuspectedSpamRows>>['rows'][number];
