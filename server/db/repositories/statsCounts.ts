import { sql } from 'kysely';
import type { Db } from '..';
import { countRows } from './paginate';

/**
 * The insights read from current rows rather than the roll-ups: images, pages, members and
 * invites, tags, the fans' answers. `scope` is a page id, or '' for the whole account.
 */

export function countImages(db: Db, accountId: string, scope: string): Promise<number> {
  let images = db.selectFrom('uploads').where('accountId', '=', accountId).where('type', '=', 'image');
  if (scope) images = images.where('pageId', '=', scope);
  return countRows(images);
}

/** The account's pages that are not archived (or only the scope's page). */
export function activePageRows(db: Db, accountId: string, scope: string) {
  let pages = db.selectFrom('pages').select(['id', 'name', 'status']).where('accountId', '=', accountId).where('status', '!=', 'archived');
  if (scope) pages = pages.where('id', '=', scope);
  return pages.execute();
}

/** The account's members counted by role, by role. */
export function membersByRole(db: Db, accountId: string) {
  return db
    .selectFrom('accountUsers')
    .select(['role', sql<number>`count(*)`.as('count')])
    .where('accountId', '=', accountId)
    .groupBy('role')
    .orderBy('role')
    .execute();
}

export function countPendingInvites(db: Db, accountId: string): Promise<number> {
  return countRows(db.selectFrom('invites').where('accountId', '=', accountId).where('status', '=', 'pending'));
}

/** The 50 tags most used on the uploads created in [from, until), the most used first. */
export function topTags(db: Db, accountId: string, scope: string, from: string, until: string) {
  let tags = db
    .selectFrom('uploadTags')
    .innerJoin('uploads', 'uploads.id', 'uploadTags.uploadId')
    .select(['uploadTags.tag', sql<number>`count(*)`.as('count')])
    .where('uploadTags.accountId', '=', accountId)
    .where('uploads.createdAt', '>=', from)
    .where('uploads.createdAt', '<', until);
  if (scope) tags = tags.where('uploads.pageId', '=', scope);
  return tags
    .groupBy('uploadTags.tag')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('uploadTags.tag')
    .limit(50)
    .execute();
}

/** The `limit` answers fans gave most often to one of the form's questions in submissions made in [from, until). */
export function topAnswers(
  db: Db,
  accountId: string,
  scope: string,
  column: 'venueCity' | 'song' | 'artist' | 'country',
  from: string,
  until: string,
  limit: number,
) {
  let rows = db
    .selectFrom('submissions')
    .select([`${column} as value`, sql<number>`count(*)`.as('count')])
    .where('accountId', '=', accountId)
    .where('createdAt', '>=', from)
    .where('createdAt', '<', until)
    .where(column, 'is not', null)
    .where(column, '!=', '');
  if (scope) rows = rows.where('pageId', '=', scope);
  return rows
    .groupBy(column)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(column)
    .limit(limit)
    .execute();
}
