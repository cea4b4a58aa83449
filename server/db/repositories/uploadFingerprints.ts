import { sql } from 'kysely';
import type { Db } from '..';
import type { Selectable } from 'kysely';
import type { Database } from '../types';

/** Uploads' fingerprints, their indexed hash bands, and the possible duplicates found with them. */

export type FingerprintRow = Selectable<Database['uploadFingerprints']>;

/** Rows a statement writes at once: under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 500;

/** The upload's fingerprint and bands, replacing any an earlier run of its job wrote. */
export async function saveFingerprint(db: Db, row: FingerprintRow, bands: number[]): Promise<void> {
  await db.deleteFrom('uploadHashBands').where('uploadId', '=', row.uploadId).execute();
  await db.deleteFrom('uploadFingerprints').where('uploadId', '=', row.uploadId).execute();
  await db.insertInto('uploadFingerprints').values(row).execute();
  const unique = [...new Set(bands)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const values = unique.slice(i, i + CHUNK).map((band) => ({ uploadId: row.uploadId, accountId: row.accountId, band, createdAt: row.createdAt }));
    await db.insertInto('uploadHashBands').values(values).execute();
  }
}

/**
 * The account's uploads since `since` that share at least one of these bands, with how many they
 * share, most first: each band an exact probe of the (account, band, createdAt, uploadId) index,
 * which answers it without reading the table.
 */
export async function uploadsSharingBands(db: Db, accountId: string, bands: number[], since: string, exceptId: string, limit: number) {
  if (!bands.length) return [];
  return db
    .selectFrom('uploadHashBands')
    .select(['uploadHashBands.uploadId', sql<number>`count(*)`.as('shared')])
    .where('uploadHashBands.accountId', '=', accountId)
    .where('uploadHashBands.band', 'in', bands)
    .where('uploadHashBands.createdAt', '>=', since)
    .where('uploadHashBands.uploadId', '<>', exceptId)
    .groupBy('uploadHashBands.uploadId')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('uploadHashBands.uploadId')
    .limit(limit)
    .execute();
}

export async function fingerprintsOf(db: Db, uploadIds: string[]): Promise<FingerprintRow[]> {
  if (!uploadIds.length) return [];
  return db.selectFrom('uploadFingerprints').selectAll().where('uploadId', 'in', uploadIds).execute();
}

/** Records that each later upload shows the same footage as its earlier one; a pair already known stays as it was. */
export async function recordDuplicates(db: Db, rows: { uploadId: string; duplicateOf: string; accountId: string; createdAt: string }[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('uploadDuplicates')
    .values(rows)
    .onConflict((oc) => oc.columns(['uploadId', 'duplicateOf']).doNothing())
    .execute();
}

/** The earliest upload this one is a possible duplicate of, with its date, or undefined. */
export function firstOriginalOf(db: Db, uploadId: string) {
  return db
    .selectFrom('uploadDuplicates')
    .innerJoin('uploads', 'uploads.id', 'uploadDuplicates.duplicateOf')
    .select(['uploads.id', 'uploads.createdAt'])
    .where('uploadDuplicates.uploadId', '=', uploadId)
    .orderBy('uploads.createdAt')
    .orderBy('uploads.id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The copies of an upload's footage other than the upload the copies were first made from: the
 * uploads recorded as duplicates of `originalId`, with whether each is hidden.
 */
export function copiesOf(db: Db, originalId: string) {
  return db
    .selectFrom('uploadDuplicates')
    .innerJoin('uploads', 'uploads.id', 'uploadDuplicates.uploadId')
    .select(['uploads.id', 'uploads.isHidden'])
    .where('uploadDuplicates.duplicateOf', '=', originalId)
    .orderBy('uploads.id')
    .execute();
}
