import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import type { Db } from '../db';
import type { Upload } from '../db/types';
import { nowIso } from '../db/rows';
import { fileUrls } from '../files/signedUrls';
import { fieldError, forbidden, notFound, refused } from '../errors';
import { addLike, addView, publicUploadById, publicUploadByShareToken, removeLike, wallUploads, type PublicUploadRow } from '../db/repositories/publicUploads';
import { type LikeResult, type ViewResult, type WallItem, type WallPage, type WallQuery, type WallReel } from '#shared/domain/schemas/wall';
import { wallReel } from '../db/repositories/reels';
import { clientKeysFor } from './clientKeys';
import { isBot } from './captureEvents';
import { shareLinkOf } from './uploadCards';
import { limitsOf } from './planLimits';
import { capturePagePayload } from './capturePage';
import type { ShareView } from '../http/shareHtml';
import type { CapturePagePayload } from '#shared/domain/schemas/capture';
import { rollUpView } from './statsRollups';
import { findPageById, wallPageBySlugs } from '../db/repositories/pages';
import { findAccountById } from '../db/repositories/accounts';

/**
 * The public side of uploads: the page's wall, likes and views. What is public is
 * one rule (repositories/publicUploads.ts isPublic); nothing about the fan is ever shown.
 */

/** An opaque position: base64url of `createdAt|id` of the last upload shown. */
function encodeWallCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, 'utf8').toString('base64url');
}

/** The position a cursor names, or undefined for a cursor we did not write. */
function decodeWallCursor(cursor: string): { createdAt: string; id: string } | undefined {
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length || !id || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(createdAt ?? '')) return undefined;
  return { createdAt, id };
}

interface WallTarget {
  pageId: string;
  accountId: string;
  likingStatus: string;
}

/**
 * The page whose wall is asked for: an enabled page of an enabled account (whether it still
 * takes submissions does not matter to the wall). Slugs match case-insensitively.
 */
export async function findWallPage(db: Db, accountSlug: string, pageSlug: string): Promise<WallTarget> {
  const row = await wallPageBySlugs(db, accountSlug, pageSlug);
  if (!row) throw refused('page-not-found');
  if (row.accountStatus !== 'enabled') throw refused('account-disabled');
  if (row.status !== 'enabled') throw refused('page-not-enabled');
  return { pageId: row.pageId, accountId: row.accountId, likingStatus: row.likingStatus };
}

/** The files the wall shows of an upload (never its original). */
function wallFiles(upload: Upload) {
  const type = upload.type === 'image' ? 'image' : 'video';
  return {
    type,
    mp4: type === 'video' ? upload.mp4 : null,
    webm: type === 'video' ? upload.webm : null,
    image: upload.customThumbnail ?? (type === 'image' ? upload.image : upload.thumbnail) ?? upload.thumbnail,
  } as const;
}

/** The files the wall shows of these uploads (never an original), with addresses signed for the public (the same for everyone for hours, so cached). */
export async function signedWallFiles(deps: Pick<Deps, 'files'>, uploads: Upload[]) {
  const files = uploads.map(wallFiles);
  const signed = await fileUrls(
    deps.files,
    files.flatMap((f) => [f.mp4, f.webm, f.image]),
    'public',
  );
  const url = (key: string | null) => (key ? signed(key) : null);
  return files.map((f) => ({ type: f.type, mp4: url(f.mp4), webm: url(f.webm), image: url(f.image) }));
}

async function wallItems(uploads: Upload[], deps: Pick<Deps, 'config' | 'files'>): Promise<WallItem[]> {
  return (await signedWallFiles(deps, uploads)).map((files, i) => ({
    id: uploads[i].id,
    ...files,
    createdAt: uploads[i].createdAt,
    viewCount: Number(uploads[i].viewCount),
    likeCount: Number(uploads[i].likeCount),
    shareLink: shareLinkOf(deps.config.baseUrl, uploads[i].shareToken),
  }));
}

export async function wallPage(deps: Pick<Deps, 'db' | 'config' | 'files'>, target: WallTarget, query: WallQuery): Promise<WallPage> {
  const after = query.cursor === undefined ? undefined : decodeWallCursor(query.cursor);
  if (query.cursor !== undefined && !after) throw fieldError('cursor', 'app.validation.invalid');
  // One more than asked tells whether there is a next page without counting.
  const rows = await wallUploads(deps.db, target.pageId, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: await wallItems(page, deps),
    reel: after ? null : await wallReelOf(deps, target.pageId),
    nextCursor: rows.length > query.limit && last ? encodeWallCursor(last.createdAt, last.id) : null,
    liking: target.likingStatus === 'enabled',
  };
}

/** The reel staff put on the page's wall, its square video's address signed for the public. */
async function wallReelOf(deps: Pick<Deps, 'db' | 'files'>, pageId: string): Promise<WallReel | null> {
  const reel = await wallReel(deps.db, pageId);
  if (!reel?.squareKey) return null;
  const signed = await fileUrls(deps.files, [reel.squareKey], 'public');
  return { id: reel.id, name: reel.name, mp4: signed(reel.squareKey), duration: reel.duration };
}

/** An upload a fan may see and react to: public, on an enabled page of an enabled account. */
async function reachableUpload(db: Db, uploadId: string): Promise<PublicUploadRow> {
  const upload = await publicUploadById(db, uploadId);
  if (!upload || upload.pageStatus !== 'enabled' || upload.accountStatus !== 'enabled') throw notFound('upload');
  return upload;
}

const visitorOf = (deps: Pick<Deps, 'config'>, request: FastifyRequest, accountId: string) =>
  clientKeysFor(deps.config).visitor(request.ip, request.headers['user-agent'] ?? '', accountId);

export async function likeUpload(deps: Pick<Deps, 'db' | 'config'>, request: FastifyRequest, uploadId: string, like: boolean): Promise<LikeResult> {
  const upload = await reachableUpload(deps.db, uploadId);
  if (upload.likingStatus !== 'enabled') throw forbidden('app.server.likesOff');
  const visitorId = visitorOf(deps, request, upload.accountId);
  return like ? addLike(deps.db, upload.id, visitorId, nowIso()) : removeLike(deps.db, upload.id, visitorId);
}

/** A view when playback starts: once per visitor and UTC day; crawlers and tools are not viewers. */
export async function viewUpload(deps: Pick<Deps, 'db' | 'config'>, request: FastifyRequest, uploadId: string): Promise<ViewResult> {
  const upload = await reachableUpload(deps.db, uploadId);
  if (isBot(request.headers['user-agent'])) return { counted: false, viewCount: Number(upload.viewCount) };
  const visitorId = visitorOf(deps, request, upload.accountId);
  const now = nowIso();
  // One id per upload, visitor and UTC day: a second view that day is the same row.
  const id = `view_${createHash('sha256')
    .update(`${upload.id}|${visitorId}|${now.slice(0, 10)}`)
    .digest('base64url')
    .slice(0, 32)}`;
  return addView(deps.db, { id, accountId: upload.accountId, uploadId: upload.id, visitorId }, now, (trx) =>
    rollUpView(trx, { accountId: upload.accountId, pageId: upload.pageId, uploadId: upload.id, createdAt: now }),
  );
}

/** The page's branding as its capture page shows it, for the frames around its uploads. */
async function pageFrame(deps: Pick<Deps, 'db' | 'config'>, { pageId, accountId }: { pageId: string; accountId: string }): Promise<CapturePagePayload> {
  const [page, account, limits] = await Promise.all([
    findPageById(deps.db, pageId, { required: true }),
    findAccountById(deps.db, accountId, { required: true }),
    limitsOf(deps.db, accountId),
  ]);
  return capturePagePayload({ page, account, target: { accountId, pageId, limits } }, deps.config);
}

/** The share page's upload with what its frame needs, or 404 (hidden, flagged, deleted, not approved, page or account closed). */
export async function findSharedUpload(deps: Pick<Deps, 'db' | 'config' | 'files'>, shareToken: string): Promise<ShareView> {
  const upload = await publicUploadByShareToken(deps.db, shareToken);
  if (!upload || upload.pageStatus !== 'enabled' || upload.accountStatus !== 'enabled') throw notFound('upload');
  const payload = await pageFrame(deps, upload);
  const [item] = await wallItems([upload], deps);
  return { item, payload };
}

/** The embeddable wall's frame: the page's branding, for an enabled page of an enabled account. */
export async function wallFrame(deps: Pick<Deps, 'db' | 'config'>, accountSlug: string, pageSlug: string): Promise<CapturePagePayload> {
  return pageFrame(deps, await findWallPage(deps.db, accountSlug, pageSlug));
}
