import type { Insertable } from 'kysely';
import type { Db } from '..';
import type { ConsentRecordsTable } from '../types';
import { countRows } from './paginate';

/** The append-only consent records: what a fan agreed to, as shown, and when. */

export async function insertConsentRecord(db: Db, row: Insertable<ConsentRecordsTable>): Promise<void> {
  await db.insertInto('consentRecords').values(row).execute();
}

/** The language the consent texts were shown in, as the submission's first consent record keeps it. */
export async function consentLocaleOf(db: Db, submissionId: string): Promise<string | undefined> {
  return (await db.selectFrom('consentRecords').select('locale').where('submissionId', '=', submissionId).orderBy('createdAt').limit(1).executeTakeFirst())
    ?.locale;
}

/** The consent records kept for these submissions (what the fan agreed to, when). */
export async function countConsentRecords(db: Db, submissionIds: string[]): Promise<number> {
  if (!submissionIds.length) return 0;
  return countRows(db.selectFrom('consentRecords').where('submissionId', 'in', submissionIds));
}

export async function deleteConsentRecords(db: Db, submissionIds: string[]): Promise<void> {
  if (submissionIds.length) await db.deleteFrom('consentRecords').where('submissionId', 'in', submissionIds).execute();
}
