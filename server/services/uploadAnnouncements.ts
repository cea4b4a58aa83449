import { FAN_APPROVED_MAIL_JOB, FAN_RECEIVED_MAIL_JOB } from '#shared/domain/constants';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { noteUploadProcessed } from './videoProcessedDigest';
import { queueUploadEvents } from './webhooks';
import { queueDropboxCopies } from './dropbox';
import { toBool } from '../db/rows';
import { uploadPageRequiresApproval } from '../db/repositories/uploadRows';

/**
 * Who hears about an upload, and when. Each is called inside the transaction that changes the
 * upload, so the jobs it queues land with the change (or not at all).
 */
type AnnounceDeps = Pick<Deps, 'queue' | 'config'>;

/** Submitted by a fan: the fan's mail (when they gave an email) and the webhook. */
export async function announceReceived(deps: Pick<Deps, 'queue'>, db: Db, uploadId: string, fanEmail: string | null | undefined): Promise<void> {
  if (fanEmail) await deps.queue.enqueue(FAN_RECEIVED_MAIL_JOB, { uploadId }, { db });
  await queueUploadEvents(deps, db, 'upload.received', [uploadId]);
}

/** Processed (encoding done): the opted-in users' digest, the webhook, and Dropbox where no approval is asked. */
export async function announceProcessed(deps: AnnounceDeps, db: Db, upload: { id: string; accountId: string }): Promise<void> {
  await noteUploadProcessed(deps, db, upload);
  await queueUploadEvents(deps, db, 'upload.processed', [upload.id]);
  // On a page that asks no approval, processed is as approved as it gets: it goes to Dropbox now.
  const requireApproval = await uploadPageRequiresApproval(db, upload.id);
  if (requireApproval !== undefined && !toBool(requireApproval)) await queueDropboxCopies(deps, db, upload.accountId, [upload.id]);
}

/** Approved by staff: the fan's mail and the webhook. */
export async function announceApproved(deps: AnnounceDeps, db: Db, uploadIds: string[]): Promise<void> {
  for (const uploadId of uploadIds) await deps.queue.enqueue(FAN_APPROVED_MAIL_JOB, { uploadId }, { db });
  await queueUploadEvents(deps, db, 'upload.approved', uploadIds);
}
