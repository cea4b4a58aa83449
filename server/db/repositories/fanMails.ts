import type { Db } from '..';
import { uploadsWithPageAndAccount } from './uploadRows';

/** The mails to a fan about their upload: what each says, and the record that it went (sent_mails). */

export async function wasMailSent(db: Db, key: string): Promise<boolean> {
  return Boolean(await db.selectFrom('sentMails').select('key').where('key', '=', key).executeTakeFirst());
}

/** Records a mail as sent under its key (a second record of the same key changes nothing). */
export async function recordMailSent(db: Db, key: string, now: string): Promise<void> {
  await db
    .insertInto('sentMails')
    .values({ key, createdAt: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** What a fan's mail about an upload says: the fan's address, name and language, the page's and account's names, and whether it is approved. */
export function fanMailFacts(db: Db, uploadId: string) {
  return uploadsWithPageAndAccount(db)
    .innerJoin('submissions', 'submissions.uploadId', 'uploads.id')
    .select([
      'submissions.email',
      'submissions.firstName',
      'submissions.lastName',
      'submissions.locale',
      'pages.name as page',
      'accounts.name as account',
      'uploads.approvedAt',
    ])
    .where('uploads.id', '=', uploadId)
    .executeTakeFirst();
}
