import { queueDropboxCopies } from './dropbox';
import type { Deps } from '../deps';
import type { Db } from '../db';
import type { Upload, User } from '../db/types';
import { nowIso, parseJson, toBool } from '../db/rows';
import { appendUploadEvents } from '../db/repositories/uploadEvents';
import { deleteUploads, replaceTags, updateUploads, uploadsByIds, uploadsOfAccount } from '../db/repositories/uploads';
import type { UploadChanges } from '../db/repositories/uploadRows';
import { conflict, notFound, orNotFound } from '../errors';
import type { MessageKey } from '../messages';
import { MAX_TAGS } from '#shared/domain/schemas/uploads';
import { assertFeature, limitsOf } from './planLimits';
import { announceApproved } from './uploadAnnouncements';
import { pageIdsRequiringApproval } from '../db/repositories/pages';
import { dropClipsFromReels, removeReelFiles } from './reels';
import { removeStoredFiles, type FileLog } from '../files/remove';

/**
 * The upload actions of spec console.md section 4: approve, hide, show, tag, allow flagged
 * content, delete. Each change and its history entry are written in one transaction. A bulk call
 * names uploads of one account: if any is not the account's, nothing changes (404); uploads
 * already in the wanted state are left as they are and not written to the history.
 */

type Caller = Pick<User, 'id' | 'type'>;

interface StateAction {
  /** The history entry. */
  event: string;
  /** Whether this upload can take the action. */
  applies: (upload: Upload, pageRequiresApproval: boolean) => boolean;
  change: (now: string) => UploadChanges;
  /** Why a single upload cannot take it (409). */
  refusal: MessageKey;
}

const STATE_ACTIONS = {
  approve: {
    event: 'approved',
    applies: (upload, requiresApproval) => requiresApproval && upload.encodingStatus === 'processed' && !upload.approvedAt,
    change: (now) => ({ approvedAt: now }),
    refusal: 'app.server.uploadNeedsNoApproval',
  },
  hide: { event: 'hidden', applies: (upload) => !toBool(upload.isHidden), change: () => ({ isHidden: 1 }), refusal: 'app.server.uploadAlreadyHidden' },
  show: { event: 'shown', applies: (upload) => toBool(upload.isHidden), change: () => ({ isHidden: 0 }), refusal: 'app.server.uploadNotHidden' },
  allow: { event: 'allowed', applies: (upload) => !toBool(upload.isAllowed), change: () => ({ isAllowed: 1 }), refusal: 'app.server.uploadNotFlagged' },
} satisfies Record<string, StateAction>;
export type StateActionName = keyof typeof STATE_ACTIONS;

async function applyState(db: Db, uploads: Upload[], name: StateActionName, caller: Caller, single: boolean): Promise<string[]> {
  const action: StateAction = STATE_ACTIONS[name];
  const pageIds = [...new Set(uploads.map((upload) => upload.pageId))];
  const requiring = new Set(pageIds.length ? await pageIdsRequiringApproval(db, pageIds) : []);
  const ready = uploads.filter((upload) => action.applies(upload, requiring.has(upload.pageId)));
  if (single && !ready.length) throw conflict(action.refusal);
  const ids = ready.map((upload) => upload.id);
  if (!ids.length) return [];
  const now = nowIso();
  await updateUploads(db, ids, action.change(now), now);
  await appendUploadEvents(
    db,
    ids.map((uploadId) => ({ uploadId, userId: caller.id, action: action.event })),
    now,
  );
  return ids;
}

/** All of `ids` in the account, or 404 naming none of them. */
async function allOfAccount(db: Db, accountId: string, ids: string[]): Promise<Upload[]> {
  const unique = [...new Set(ids)];
  const rows = await uploadsOfAccount(db, accountId, unique);
  if (rows.length !== unique.length) throw notFound('upload');
  return rows;
}

async function one(db: Db, id: string): Promise<Upload> {
  const [upload] = await uploadsByIds(db, [id]);
  return orNotFound(upload, 'upload');
}

/**
 * Who hears of the change, in its transaction: an approval tells the fan and the webhook, and
 * copies the uploads to the account's Dropbox when it is connected.
 */
async function announce(deps: Deps, trx: Db, name: StateActionName, accountId: string, ids: string[]): Promise<string[]> {
  if (name === 'approve' && ids.length) {
    await announceApproved(deps, trx, ids);
    await queueDropboxCopies(deps, trx, accountId, ids);
  }
  return ids;
}

/** A hidden upload leaves the reels holding it, in the hiding's transaction; answers their files to remove. */
const leavingReels = (deps: Deps, trx: Db, name: StateActionName, accountId: string, ids: string[]) =>
  name === 'hide' ? dropClipsFromReels(deps, trx, accountId, ids) : Promise.resolve([]);

// Reel files that fail to go are left to their next render's clean-up; the hide stands.
const quietLog = { warn: () => {} };

export async function changeUploadState(deps: Deps, id: string, name: StateActionName, caller: Caller): Promise<void> {
  const reelFiles = await deps.db.transaction().execute(async (trx) => {
    const upload = await one(trx, id);
    const ids = await announce(deps, trx, name, upload.accountId, await applyState(trx, [upload], name, caller, true));
    return leavingReels(deps, trx, name, upload.accountId, ids);
  });
  await removeReelFiles(deps, reelFiles, quietLog);
}

export async function bulkChangeState(deps: Deps, accountId: string, ids: string[], name: StateActionName, caller: Caller): Promise<string[]> {
  const { changed, reelFiles } = await deps.db.transaction().execute(async (trx) => {
    const changed = await announce(deps, trx, name, accountId, await applyState(trx, await allOfAccount(trx, accountId, ids), name, caller, false));
    return { changed, reelFiles: await leavingReels(deps, trx, name, accountId, changed) };
  });
  await removeReelFiles(deps, reelFiles, quietLog);
  return changed;
}

const unique = (tags: string[]) => [...new Set(tags)];

/** Tagging is a plan feature (off on Free); platform admins bypass it. */
async function assertTags(db: Db, accountId: string, caller: Caller): Promise<void> {
  assertFeature(await limitsOf(db, accountId), 'tags', 'upload-filter', caller);
}

/** The upload's tags become `tags` (duplicates dropped). */
export async function setUploadTags(deps: Deps, id: string, tags: string[], caller: Caller): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const upload = await one(trx, id);
    await assertTags(trx, upload.accountId, caller);
    const now = nowIso();
    const next = unique(tags);
    await replaceTags(trx, upload, next, now);
    await appendUploadEvents(trx, [{ uploadId: upload.id, userId: caller.id, action: 'tagged', detail: { tags: next } }], now);
  });
}

/** `tags` are added to each upload's tags; at most MAX_TAGS an upload, else nothing changes. */
export async function bulkAddTags(deps: Deps, accountId: string, ids: string[], tags: string[], caller: Caller): Promise<string[]> {
  return deps.db.transaction().execute(async (trx) => {
    await assertTags(trx, accountId, caller);
    const uploads = await allOfAccount(trx, accountId, ids);
    const now = nowIso();
    for (const upload of uploads) {
      const next = unique([...parseJson<string[]>(upload.tags, []), ...tags]);
      if (next.length > MAX_TAGS) throw conflict('app.server.tooManyTags', { max: MAX_TAGS });
      await replaceTags(trx, upload, next, now);
    }
    await appendUploadEvents(
      trx,
      uploads.map((upload) => ({ uploadId: upload.id, userId: caller.id, action: 'tagged', detail: { added: unique(tags) } })),
      now,
    );
    return uploads.map((upload) => upload.id);
  });
}

const FILE_COLUMNS = ['original', 'mp4', 'webm', 'thumbnail', 'customThumbnail', 'image'] as const;

/** The storage keys of an upload's files (original, encodings, thumbnails, poster candidates). */
export function storedFileKeys(deps: Deps, upload: Upload): string[] {
  const named = FILE_COLUMNS.map((column) => upload[column]);
  return [...new Set([...named, ...parseJson<string[]>(upload.posterCandidates, [])])]
    .filter((value): value is string => Boolean(value))
    .map((value) => deps.files.keyOfUrl(value))
    .filter((key): key is string => Boolean(key));
}

/** Irreversible: the rows (and their history) go, and they leave the reels holding them; then the files from storage. */
async function deleteUploadsAndFiles(deps: Deps, uploads: Upload[], log: FileLog): Promise<void> {
  const ids = uploads.map((upload) => upload.id);
  const reelFiles = await deps.db.transaction().execute(async (trx) => {
    await deleteUploads(trx, ids);
    return leaveReels(deps, trx, uploads);
  });
  const fileKeys = uploads.flatMap((upload) => storedFileKeys(deps, upload));
  await removeStoredFiles(deps, fileKeys, log, 'an upload file');
  await removeReelFiles(deps, reelFiles, log);
}

/** Uploads gone for good leave every reel of their accounts holding them; answers the reels' files to remove. */
export async function leaveReels(deps: Deps, trx: Db, uploads: Pick<Upload, 'id' | 'accountId'>[]): Promise<string[]> {
  const keys: string[] = [];
  for (const accountId of new Set(uploads.map((upload) => upload.accountId))) {
    const ids = uploads.filter((upload) => upload.accountId === accountId).map((upload) => upload.id);
    keys.push(...(await dropClipsFromReels(deps, trx, accountId, ids)));
  }
  return keys;
}

export async function deleteUpload(deps: Deps, id: string, log: FileLog): Promise<void> {
  await deleteUploadsAndFiles(deps, [await one(deps.db, id)], log);
}

export async function bulkDelete(deps: Deps, accountId: string, ids: string[], log: FileLog): Promise<string[]> {
  const uploads = await allOfAccount(deps.db, accountId, ids);
  await deleteUploadsAndFiles(deps, uploads, log);
  return uploads.map((upload) => upload.id);
}
