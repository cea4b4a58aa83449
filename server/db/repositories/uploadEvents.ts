import type { Db } from '..';
import { newId } from '../rows';

/** The history of uploads: appended in the transaction of each change, read by the content dialog. */

interface NewUploadEvent {
  uploadId: string;
  /** Null for what the product did on its own (an automatic approval). */
  userId: string | null;
  action: string;
  detail?: unknown;
}

export async function appendUploadEvents(db: Db, events: NewUploadEvent[], now: string): Promise<void> {
  if (!events.length) return;
  await db
    .insertInto('uploadEvents')
    .values(
      events.map((event) => ({
        id: newId(),
        uploadId: event.uploadId,
        userId: event.userId,
        action: event.action,
        detail: event.detail === undefined ? null : JSON.stringify(event.detail),
        createdAt: now,
      })),
    )
    .execute();
}

/** Oldest first, with who did it (null once that user is gone). */
export function uploadHistory(db: Db, uploadId: string) {
  return db
    .selectFrom('uploadEvents')
    .leftJoin('users', 'users.id', 'uploadEvents.userId')
    .select(['uploadEvents.action', 'uploadEvents.detail', 'uploadEvents.createdAt', 'uploadEvents.userId', 'users.firstName', 'users.lastName', 'users.email'])
    .where('uploadEvents.uploadId', '=', uploadId)
    .orderBy('uploadEvents.createdAt')
    .orderBy('uploadEvents.id')
    .execute();
}
