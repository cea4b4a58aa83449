import type { Db } from '..';
import type { Submission } from '../types';

/** Queries on fan submissions (fan data). */

export function submissionOfUpload(db: Db, uploadId: string): Promise<Submission | undefined> {
  return db.selectFrom('submissions').selectAll().where('uploadId', '=', uploadId).orderBy('createdAt').limit(1).executeTakeFirst();
}
