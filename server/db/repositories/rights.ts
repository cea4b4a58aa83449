import type { Insertable } from 'kysely';
import type { Db } from '..';
import type { ReleaseTextsTable, RightsAnswersTable, RightsRequestsTable } from '../types';
import type { RightsStatus } from '#shared/domain/rights';
import { uploadsWithPageAndAccount } from './uploadRows';

/** The rights to use fans' clips: release text versions, requests by the fan's mail, the fans' answers. */

export function latestReleaseText(db: Db, accountId: string) {
  return db.selectFrom('releaseTexts').selectAll().where('accountId', '=', accountId).orderBy('version', 'desc').limit(1).executeTakeFirst();
}

export function findReleaseText(db: Db, id: string) {
  return db.selectFrom('releaseTexts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertReleaseText(db: Db, row: Insertable<ReleaseTextsTable>): Promise<void> {
  await db.insertInto('releaseTexts').values(row).execute();
}

/** The account's uploads among these ids with what a request needs: the fan's address, name and language, the page's name. */
export function rightsCandidates(db: Db, accountId: string, uploadIds: string[]) {
  return uploadsWithPageAndAccount(db)
    .leftJoin('submissions', 'submissions.uploadId', 'uploads.id')
    .select(['uploads.id', 'uploads.type', 'uploads.rightsStatus', 'submissions.email', 'submissions.locale'])
    .where('uploads.accountId', '=', accountId)
    .where('uploads.id', 'in', uploadIds)
    .execute();
}

export async function insertRightsRequests(db: Db, rows: Insertable<RightsRequestsTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('rightsRequests').values(rows).execute();
}

/** The clips of one fan's mail, with what the page and the mail show of each. */
export function requestsOfLink(db: Db, linkId: string) {
  return uploadsWithPageAndAccount(db)
    .innerJoin('rightsRequests', 'rightsRequests.uploadId', 'uploads.id')
    .innerJoin('releaseTexts', 'releaseTexts.id', 'rightsRequests.releaseTextId')
    .leftJoin('submissions', 'submissions.uploadId', 'uploads.id')
    .select([
      'rightsRequests.id',
      'rightsRequests.accountId',
      'rightsRequests.uploadId',
      'rightsRequests.status',
      'rightsRequests.locale',
      'rightsRequests.releaseTextId',
      'rightsRequests.releaseVersion',
      'rightsRequests.expiresAt',
      'uploads.type',
      'uploads.createdAt as uploadedAt',
      'uploads.thumbnail',
      'uploads.customThumbnail',
      'uploads.image',
      'pages.name as page',
      'accounts.name as account',
      'submissions.email',
      'submissions.firstName',
      'submissions.lastName',
      'releaseTexts.textEn',
      'releaseTexts.textFr',
      'releaseTexts.textEs',
      'releaseTexts.textDe',
      'releaseTexts.textPt',
    ])
    .where('rightsRequests.linkId', '=', linkId)
    .orderBy('uploads.createdAt')
    .orderBy('uploads.id')
    .execute();
}

/** Moves a request from one status to the next; false when it was no longer in `from` (a second click, a race). */
export async function changeRightsRequest(db: Db, id: string, from: RightsStatus, to: RightsStatus, now: string): Promise<boolean> {
  const result = await db
    .updateTable('rightsRequests')
    .set({ status: to, answeredAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Appends a fan's answer; rows here are never changed. */
export async function insertRightsAnswer(db: Db, row: Insertable<RightsAnswersTable>): Promise<void> {
  await db.insertInto('rightsAnswers').values(row).execute();
}

/** A fan's erasure: their clips' requests and answers go with them. */
export async function deleteRightsOfUploads(db: Db, uploadIds: string[]): Promise<void> {
  if (!uploadIds.length) return;
  await db.deleteFrom('rightsAnswers').where('uploadId', 'in', uploadIds).execute();
  await db.deleteFrom('rightsRequests').where('uploadId', 'in', uploadIds).execute();
}

/** Whether the account shows only clips whose fan granted the rights. */
export async function rightsRequired(db: Db, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('rightsRequired').where('id', '=', accountId).executeTakeFirst();
  return Boolean(row?.rightsRequired);
}
