import type { Deps } from '../deps';
import type { Db } from '../db';
import { nowIso, parseJson } from '../db/rows';
import { appendUploadEvents } from '../db/repositories/uploadEvents';
import { notFound, orNotFound } from '../errors';
import type { FileStore } from '../files';
import type { PlatformUploadsQuery, UploadCard } from '#shared/domain/schemas/uploads';
import { SUSPECTED_SPAM_DAYS } from '#shared/domain/suspectedSpam';
import { writeSubmission, type HeldSubmission } from '../capture/heldSubmission';
import { effectiveDateRange } from '#shared/domain/dateRange';
import { fileUrls } from '../files/signedUrls';
import {
  deleteSuspectedSpam,
  findSuspectedSpam,
  insertSuspectedSpam,
  listSuspectedSpamRows,
  suspectedSpamDue,
  type SuspectedSpamRow,
} from '../db/repositories/suspectedSpam';

/**
 * Submissions that filled the capture form's hidden honeypot field. A person's
 * browser or an extension can fill it, so the upload is kept, not dropped: its original in the
 * file store and what the submission would write in suspected_spam. Nothing else is written
 * (no upload row): no list, wall, count, insight, mail, webhook or job sees it, and it is not
 * encoded (the worker's time goes to real fans) until a platform admin allows it under Platform
 * Uploads; then it is written as any submission is. Purged after SUSPECTED_SPAM_DAYS otherwise.
 */

/** Holds a checked submission whose original is in place; answers an id like a submission's. */
export async function holdAsSuspectedSpam(db: Db, held: HeldSubmission): Promise<string> {
  const now = new Date();
  await insertSuspectedSpam(db, {
    id: held.uploadId,
    accountId: held.accountId,
    pageId: held.pageId,
    type: held.kind,
    original: held.original,
    submission: JSON.stringify(held),
    createdAt: now.toISOString(),
    purgeAfter: new Date(now.getTime() + SUSPECTED_SPAM_DAYS * 86_400_000).toISOString(),
  });
  return held.uploadId;
}

/** Platform Uploads' 'suspected spam' filter: the held submissions as cards (newest first by default). */
export async function listSuspectedSpam(deps: Pick<Deps, 'db' | 'files' | 'config'>, query: PlatformUploadsQuery) {
  const { db } = deps;
  const { startDate, endDate } = effectiveDateRange({ startDate: query.startDate, endDate: query.endDate });
  const { rows, total } = await listSuspectedSpamRows(db, { accountId: query.accountId, type: query.type, startDate, endDate }, query);
  // Originals are private (uploads/): the admin's card plays them through signed addresses.
  const url = await fileUrls(
    deps.files,
    rows.map((row) => row.original),
    'staff',
  );
  return {
    data: rows.map((row) => spamCard(row, url)),
    total,
    totalCapped: false,
    hasNextPage: query.page * query.limit < total,
    requiresApprovalCount: 0,
  };
}

/** A held submission as an upload card: not encoded, no share link, 'Suspected spam'. */
function spamCard(row: SuspectedSpamRow, url: (key: string) => string): UploadCard {
  const held = parseJson<Partial<HeldSubmission>>(row.submission, {});
  const fields: Partial<HeldSubmission['fields']> = held.fields ?? {};
  return {
    id: row.id,
    type: row.type as UploadCard['type'],
    pageId: row.pageId,
    pageName: row.pageName,
    pageRequiresApproval: false,
    likingStatus: 'disabled',
    accountId: row.accountId,
    account: { name: row.accountName },
    status: 'suspected-spam',
    encodingStatus: 'pending',
    encodingError: null,
    original: url(row.original),
    mp4: null,
    webm: null,
    thumbnail: null,
    customThumbnail: null,
    duration: null,
    createdAt: row.createdAt,
    approvedAt: null,
    requiresApproval: false,
    isHidden: true,
    isAllowed: false,
    isFlagged: false,
    viewCount: 0,
    likeCount: 0,
    shareLink: '',
    tags: [],
    uploadData: { email: fields.email ?? null, instagram: fields.instagram ?? null, tiktok: fields.tiktok ?? null, tags: [] },
    uploadModerationJob: { status: 'pending', moderationLabels: [] },
    suspectedSpam: true,
  };
}

/**
 * A platform admin allows a held submission: in one transaction it leaves suspected_spam and is
 * written as any submission (upload, fan data, consent record, job, announcements); the history
 * says who allowed it. 404 when there is no such held submission (purged, or allowed already).
 */
export async function allowSuspectedSpam(deps: Pick<Deps, 'db' | 'queue'>, id: string, by: { id: string }): Promise<void> {
  const row = orNotFound(await findSuspectedSpam(deps.db, id), 'upload');
  const held = parseJson<HeldSubmission | null>(row.submission, null);
  if (!held) throw notFound('upload');
  await writeSubmission(deps, held, async (trx) => {
    if (!(await deleteSuspectedSpam(trx, id))) throw notFound('upload');
  });
  await appendUploadEvents(deps.db, [{ uploadId: id, userId: by.id, action: 'spam-allowed' }], nowIso());
}

/** Removes held submissions past their 7 days, original first. Answers how many went. */
export async function purgeSuspectedSpam(db: Db, files: Pick<FileStore, 'remove'>, now = new Date()): Promise<number> {
  const due = await suspectedSpamDue(db, now.toISOString(), 500);
  for (const row of due) {
    await files.remove(row.original);
    await deleteSuspectedSpam(db, row.id);
  }
  return due.length;
}
