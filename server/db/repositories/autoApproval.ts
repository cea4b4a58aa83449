import type { Db } from '..';

/**
 * Approves an upload the model cleared, if everything still says it may go on screen without a
 * person, in one statement (a hide or an approval meanwhile wins): it waits for approval
 * (processed, moderated, allowed, not hidden, no approvedAt), its page requires approval and has
 * auto-approval on, and its fan has no hidden upload in the account (matched by the email of
 * their submissions, through submissions_account_email_idx). True when it approved it.
 */
export async function approveAutomatically(db: Db, uploadId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('uploads')
    .set({ approvedAt: now, approvedAutomatically: 1, updatedAt: now })
    .where('uploads.id', '=', uploadId)
    .where('uploads.approvedAt', 'is', null)
    .where('uploads.isHidden', '=', 0)
    .where('uploads.isAllowed', '=', 1)
    .where('uploads.encodingStatus', '=', 'processed')
    .where('uploads.moderationStatus', '=', 'processed')
    .where('uploads.pageId', 'in', (eb) => eb.selectFrom('pages').select('pages.id').where('pages.autoApprove', '=', 1).where('pages.requireApproval', '=', 1))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('submissions as own')
            .innerJoin('submissions as other', (join) => join.onRef('other.accountId', '=', 'own.accountId').onRef('other.email', '=', 'own.email'))
            .innerJoin('uploads as hidden', 'hidden.id', 'other.uploadId')
            .select('hidden.id')
            .where('own.uploadId', '=', uploadId)
            .where('own.email', 'is not', null)
            .where('hidden.isHidden', '=', 1),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
