import type { Insertable, Updateable } from 'kysely';
import type { Db } from '..';
import type { Upload, UploadsTable } from '../types';
import { nowIso } from '../rows';
import { countRows } from './paginate';

/** One upload's row: written by a submission, read and changed by its processing and moderation jobs. */

export async function insertUpload(db: Db, row: Insertable<UploadsTable>): Promise<void> {
  await db.insertInto('uploads').values(row).execute();
}

export function findUploadById(db: Db, id: string): Promise<Upload | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function uploadExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('uploads').select('id').where('id', '=', id).executeTakeFirst());
}

/** Uploads joined to their page (for its settings, and for isPublic, which reads them). */
export function uploadsWithPage(db: Db) {
  return db.selectFrom('uploads').innerJoin('pages', 'pages.id', 'uploads.pageId');
}

/** Uploads joined to their page and their account (for their names and states). */
export function uploadsWithPageAndAccount(db: Db) {
  return uploadsWithPage(db).innerJoin('accounts', 'accounts.id', 'uploads.accountId');
}

/** Every upload of the account (the plan's fan uploads cap). */
export function countAccountUploads(db: Db, accountId: string): Promise<number> {
  return countRows(db.selectFrom('uploads').where('accountId', '=', accountId));
}

/** Whether the upload's page asks approval; undefined when the upload is gone. */
export async function uploadPageRequiresApproval(db: Db, uploadId: string): Promise<number | undefined> {
  const page = await uploadsWithPage(db).select('pages.requireApproval').where('uploads.id', '=', uploadId).executeTakeFirst();
  return page?.requireApproval;
}

/** What a write may change of an upload: never its id or dates. */
export type UploadChanges = Omit<Updateable<UploadsTable>, 'id' | 'createdAt' | 'updatedAt'>;

/** Changes columns of one upload; stamps updatedAt. Undefined fields are left as they are. False when the row is gone (erased or deleted meanwhile). */
export async function updateUpload(db: Db, id: string, changes: UploadChanges): Promise<boolean> {
  const result = await db
    .updateTable('uploads')
    .set({ ...changes, updatedAt: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
