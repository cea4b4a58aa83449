import type { Deps } from '../deps';
import type { User } from '../db/types';
import { parseJson, toBool } from '../db/rows';
import { countRequiringApproval, findUploadRow, listUploads, type UploadFilters, type UploadListRow } from '../db/repositories/uploads';
import { submissionOfUpload } from '../db/repositories/submissions';
import { uploadHistory } from '../db/repositories/uploadEvents';
import { consentLocaleOf } from '../db/repositories/consentRecords';
import { fieldError, orNotFound, upgradeRequired } from '../errors';
import type { AccountUploadsQuery, UploadDetail, UploadListQuery } from '#shared/domain/schemas/uploads';
import { pageTotals } from '../db/repositories/paginate';
import { assertFeature, limitsOf } from './planLimits';
import { effectiveDateRange } from '#shared/domain/dateRange';
import { cardFileKeys, uploadCard } from './uploadCards';
import { copiesOf } from '../db/repositories/uploadFingerprints';
import { anglesOf } from '../db/repositories/uploadAngles';
import { fileUrls } from '../files/signedUrls';
import { submittedFields } from './fanData';
import { assertPageOfAccount } from './pages';
import { hasLike } from '../db/repositories/publicUploads';
import { staffLikerId } from './uploadLikes';

const posterCandidatesOf = (row: Pick<UploadListRow, 'posterCandidates'>) => parseJson<string[]>(row.posterCandidates, []);

/** Reading fan uploads: Fan Uploads (one account) and Platform Uploads (every account). */

type Caller = Pick<User, 'id' | 'type'>;

/**
 * Content filters are off on Free (platform-admin.md section 9): a filtered query answers the
 * upload-filter upgrade message. The Requires Approval toggle is the approval flow, on every plan,
 * so status=requires-approval is not a filter here; nor is the default sort.
 */
function usesFilters(query: AccountUploadsQuery): boolean {
  const { pageId, type, tag, venue, song, artist, rights, moment, startDate, endDate, status, sort } = query;
  const named = [pageId, type, tag, venue, song, artist, rights, moment, startDate, endDate].some(Boolean);
  return named || (Boolean(status) && status !== 'requires-approval') || sort !== 'createdAt';
}

export async function listAccountUploads(deps: Deps, accountId: string, query: AccountUploadsQuery, caller: Caller) {
  const { db } = deps;
  if (query.status === 'content-flagged' && caller.type !== 'admin') {
    throw fieldError('status', 'app.server.contentFlaggedAdminOnly');
  }
  if (usesFilters(query)) assertFeature(await limitsOf(db, accountId), 'filters', 'upload-filter', caller);
  if (query.pageId) await assertPageOfAccount(db, accountId, query.pageId);
  return listUploadCards(deps, { ...query, accountId });
}

/** One page of upload cards (Platform Uploads' list, or one account's), with the uploads of the account, when one is named, waiting for approval. */
export async function listUploadCards(deps: Deps, query: UploadListQuery) {
  const { page, limit, sort, order, startDate, endDate, ...rest } = query;
  const filters: UploadFilters = { ...rest, ...effectiveDateRange({ startDate, endDate }) };
  const [result, requiresApprovalCount] = await Promise.all([
    listUploads(deps.db, filters, { page, limit, sort, order }),
    query.accountId ? countRequiringApproval(deps.db, query.accountId) : 0,
  ]);
  const url = await fileUrls(deps.files, result.data.flatMap(cardFileKeys), 'staff');
  return { data: result.data.map((row) => uploadCard(row, deps.config.baseUrl, url)), ...pageTotals(result), requiresApprovalCount };
}

export async function findUpload(deps: Deps, id: string): Promise<UploadListRow> {
  return orNotFound(await findUploadRow(deps.db, id), 'upload');
}

/**
 * The content dialog: the upload, the fan's submitted data, the consent given, the history and
 * the other angles of its moment (its account's, staff see them all, as in their list).
 * An image on a plan without photos answers the uploaded_image upgrade (the console shows
 * 'Your plan does not support images. Upgrade now to view this image.').
 */
export async function uploadDetail(deps: Deps, row: UploadListRow, caller: Caller): Promise<UploadDetail> {
  const { db, config } = deps;
  if (row.type === 'image') {
    const limits = await limitsOf(db, row.accountId);
    if (caller.type !== 'admin' && limits.images === 0) throw upgradeRequired('uploaded_image', 'app.server.planLacksImages');
  }
  const angles = row.type === 'video' ? await anglesOf(db, row.id) : [];
  const [submission, history, likedByMe, url, copies] = await Promise.all([
    submissionOfUpload(db, row.id),
    uploadHistory(db, row.id),
    hasLike(db, row.id, staffLikerId(caller.id)),
    fileUrls(
      deps.files,
      [...cardFileKeys(row), ...posterCandidatesOf(row), ...angles.flatMap((angle) => [angle.mp4, angle.webm, angle.customThumbnail ?? angle.thumbnail])],
      'staff',
    ),
    copiesOf(db, row.duplicateOfId ?? row.id),
  ]);
  return {
    ...uploadCard(row, config.baseUrl, url),
    submission: submission ? { id: submission.id, createdAt: submission.createdAt, ...submittedFields(submission) } : null,
    consent: submission
      ? {
          marketingConsent: toBool(submission.marketingConsent),
          termsAccepted: parseJson<unknown[]>(submission.termsAccepted, []),
          locale: (await consentLocaleOf(db, submission.id)) ?? submission.locale,
        }
      : null,
    history: history.map((event) => ({
      action: event.action,
      at: event.createdAt,
      by: event.userId ? { id: event.userId, name: `${event.firstName ?? ''} ${event.lastName ?? ''}`.trim(), email: event.email ?? '' } : null,
      detail: parseJson<unknown>(event.detail, null),
    })),
    posterCandidates: posterCandidatesOf(row).map(url),
    likedByMe,
    visibleCopies: copies.filter((copy) => !toBool(copy.isHidden)).length,
    angles: angles.map((angle) => ({
      id: angle.id,
      offsetMs: Number(angle.offsetMs),
      mp4: angle.mp4 ? url(angle.mp4) : null,
      webm: angle.webm ? url(angle.webm) : null,
      thumbnail: angle.customThumbnail || angle.thumbnail ? url((angle.customThumbnail ?? angle.thumbnail)!) : null,
      createdAt: angle.createdAt,
    })),
  };
}
