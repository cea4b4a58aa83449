import { randomBytes } from 'node:crypto';
import { RENDER_REEL_JOB } from '#shared/domain/constants';
import { parseReelClip, REEL_PLANS, type ReelClip, type ReelRule } from '#shared/domain/reels';
import { reels } from '#shared/resources/reels';
import type { FieldIssue } from '#shared/domain/validation';
import type { Deps } from '../deps';
import type { Db } from '../db';
import type { Reel, User } from '../db/types';
import { nowIso, parseJson, toBool } from '../db/rows';
import { insertRecord } from '../db/repositories/declared';
import { findAccountPlan } from '../db/repositories/plans';
import { isPageOfAccount } from '../db/repositories/pages';
import { bestClips, clipCandidates, commonPageOf, deleteReel, findReelById, reelsOfAccount, updateReel } from '../db/repositories/reels';
import { fileUrls } from '../files/signedUrls';
import { removeStoredFiles, type FileLog } from '../files/remove';
import { badRequest, conflict, fieldError, orNotFound, upgradeRequired } from '../errors';
import type { MessageKey } from '../messages';

/**
 * The rules of highlight reels: a Pro feature (platform admins make them on any plan), made of
 * the account's approved, shown, processed videos only; each creation or re-render queues the
 * render in the transaction that writes the reel. When a clip stops being fit for the public
 * (hidden, deleted, its fan erased), every reel holding it loses it at once: its outputs go and it
 * is rendered again without it, or removed with nothing left.
 */

type Caller = Pick<User, 'type'>;

/** The reel's clips as stored (a JSON list of texts), parsed. */
export const clipsOf = (reel: Pick<Reel, 'clips'>): ReelClip[] => parseJson<string[]>(reel.clips, []).flatMap((text) => parseReelClip(text) ?? []);

export const outputKeysOf = (reel: Pick<Reel, 'verticalKey' | 'squareKey' | 'landscapeKey'>): string[] =>
  [reel.verticalKey, reel.squareKey, reel.landscapeKey].filter((key): key is string => Boolean(key));

export async function assertReelPlan(db: Db, accountId: string, caller: Caller): Promise<void> {
  if (caller.type === 'admin') return;
  const plan = orNotFound(await findAccountPlan(db, accountId), 'account');
  if (!REEL_PLANS.includes(plan.subscriptionPlan)) throw upgradeRequired('reels', 'app.server.reelsNeedPro');
}

/** Why an upload cannot be in a reel, or undefined when it can. */
function refusalOf(upload: Awaited<ReturnType<typeof clipCandidates>>[number] | undefined): MessageKey | undefined {
  if (!upload) return 'app.server.reelClipUnknown';
  if (upload.type !== 'video') return 'app.server.reelClipNotVideo';
  if (upload.encodingStatus !== 'processed' || !upload.mp4) return 'app.server.reelClipNotReady';
  if (toBool(upload.isHidden)) return 'app.server.reelClipHidden';
  const approved = !toBool(upload.requireApproval) || Boolean(upload.approvedAt);
  if (!approved || !toBool(upload.isAllowed) || upload.moderationStatus !== 'processed') return 'app.server.reelClipNotApproved';
  if (toBool(upload.rightsRequired) && upload.rightsStatus !== 'granted') return 'app.server.reelClipNoRights';
  return undefined;
}

/** Every clip is one of the account's approved, shown, processed videos; else 400 naming each clip refused. */
export async function assertClips(db: Db, accountId: string, texts: string[]): Promise<void> {
  const clips = texts.map((text) => parseReelClip(text)!);
  const found = new Map((await clipCandidates(db, accountId, [...new Set(clips.map((clip) => clip.uploadId))])).map((row) => [row.id, row]));
  const issues: FieldIssue[] = clips.flatMap((clip, index) => {
    const key = refusalOf(found.get(clip.uploadId));
    const args = { position: index + 1 };
    return key ? [{ path: `clips.${index}`, message: key, args }] : [];
  });
  if (issues.length) throw badRequest('app.server.reelClipsRefused', {}, issues);
}

export interface NewReel {
  name: string;
  pageId?: string;
  /** The clips staff chose, or none when a rule chooses them. */
  clips?: string[];
  rule?: ReelRule;
  credits?: boolean;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A rule's clips, best first; 400 on the rule when no video of the page fits it. */
async function clipsByRule(db: Db, accountId: string, rule: ReelRule): Promise<string[]> {
  if (!(await isPageOfAccount(db, accountId, rule.pageId))) throw fieldError('rule.pageId', 'app.server.noSuchPage');
  const rows = await bestClips(db, accountId, {
    pageId: rule.pageId,
    from: rule.startDate,
    before: rule.endDate ? nextDay(rule.endDate) : undefined,
    tag: rule.tag,
    by: rule.by,
    count: rule.count,
  });
  if (!rows.length) throw fieldError('rule', 'app.server.reelRuleNoClips');
  return rows.map((row) => row.id);
}

/** Checks and writes a new reel with its render queued; answers its id. */
export async function createReel(deps: Pick<Deps, 'db' | 'queue'>, accountId: string, values: NewReel, caller: Caller): Promise<string> {
  return deps.db.transaction().execute(async (trx) => {
    await assertReelPlan(trx, accountId, caller);
    let pageId = values.rule?.pageId ?? (values.pageId?.trim() || null);
    if (pageId && !values.rule && !(await isPageOfAccount(trx, accountId, pageId))) throw fieldError('pageId', 'app.server.noSuchPage');
    const clips = values.rule ? await clipsByRule(trx, accountId, values.rule) : (values.clips ?? []);
    await assertClips(trx, accountId, clips);
    // A show is a page: a reel of one page's clips is of that page, and can go on its wall.
    pageId ??= (await commonPageOf(trx, accountId, [...new Set(clips.map((clip) => parseReelClip(clip)!.uploadId))])) ?? null;
    const { rule: _rule, ...record } = values;
    const id = await insertRecord(trx, reels, accountId, { ...record, clips, pageId, credits: values.credits ?? false });
    await deps.queue.enqueue(RENDER_REEL_JOB, { reelId: id }, { db: trx });
    return id;
  });
}

/**
 * The values an edit writes: its clips checked like a new reel's; other clips, or the same in
 * another order or cut, leave the reel out of date (its last outputs still play) until rendered again.
 */
export async function reelEditValues(db: Db, accountId: string, values: Record<string, unknown>, previous: Record<string, unknown>, caller: Caller) {
  await assertReelPlan(db, accountId, caller);
  const clips = values.clips as string[];
  await assertClips(db, accountId, clips);
  const changed = JSON.stringify(clips) !== JSON.stringify(previous.clips);
  return changed ? { ...values, status: 'outOfDate', progress: 0, error: null } : values;
}

/** The values `share` writes: a new secret token, for a reel with outputs to show (a Pro feature). */
export async function reelShareValues(db: Db, accountId: string, reel: Record<string, unknown>, caller: Caller) {
  await assertReelPlan(db, accountId, caller);
  if (!reel.landscapeKey) throw conflict('app.server.reelNotRendered');
  return { shareToken: randomBytes(18).toString('base64url') };
}

/** The values `show-on-wall` writes: a reel of one page (a Pro feature); it shows there once it has outputs. */
export async function reelOnWallValues(db: Db, accountId: string, reel: Record<string, unknown>, caller: Caller) {
  await assertReelPlan(db, accountId, caller);
  if (!reel.pageId) throw conflict('app.server.reelWithoutPage');
  return { onWall: true };
}

/** Queues the reel's render again (its clips as they are now); the job drops a clip no longer fit. */
export async function queueReelRender(deps: Pick<Deps, 'db' | 'queue'>, accountId: string, reelId: string, caller: Caller): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await assertReelPlan(trx, accountId, caller);
    await updateReel(trx, reelId, { status: 'queued', progress: 0, error: null }, nowIso());
    await deps.queue.enqueue(RENDER_REEL_JOB, { reelId }, { db: trx });
  });
}

/**
 * Inside the transaction that hides, deletes or erases these uploads (or revokes their rights where the account requires them): each of the account's reels
 * holding one loses it (out of date, its outputs forgotten and its render queued), or goes when
 * no clip is left. Answers the output keys to remove once the transaction is done.
 */
export async function dropClipsFromReels(deps: Pick<Deps, 'queue'>, trx: Db, accountId: string, uploadIds: string[]): Promise<string[]> {
  if (!uploadIds.length) return [];
  const gone = new Set(uploadIds);
  const now = nowIso();
  const keys: string[] = [];
  for (const reel of await reelsOfAccount(trx, accountId)) {
    const texts = parseJson<string[]>(reel.clips, []);
    const kept = texts.filter((text) => !gone.has(parseReelClip(text)?.uploadId ?? ''));
    if (kept.length === texts.length) continue;
    keys.push(...outputKeysOf(reel));
    if (!kept.length) {
      await deleteReel(trx, reel.id);
      continue;
    }
    await updateReel(
      trx,
      reel.id,
      { clips: JSON.stringify(kept), status: 'outOfDate', progress: 0, verticalKey: null, squareKey: null, landscapeKey: null },
      now,
    );
    await deps.queue.enqueue(RENDER_REEL_JOB, { reelId: reel.id }, { db: trx });
  }
  return keys;
}

/** A reel's files (its outputs). */
export const removeReelFiles = (deps: Pick<Deps, 'files'>, keys: string[], log: FileLog) => removeStoredFiles(deps, keys, log, 'a reel file');

/** The reel's row, then its files (a render finishing meanwhile removes what it wrote: the row is gone). */
export async function deleteReelAndFiles(deps: Pick<Deps, 'db' | 'files'>, reelId: string, log: FileLog): Promise<void> {
  const reel = await findReelById(deps.db, reelId);
  if (!reel) return;
  await deleteReel(deps.db, reelId);
  await removeReelFiles(deps, outputKeysOf(reel), log);
}

/** The records with the signed addresses of their outputs (staff's, for hours), null until all three are there. */
export async function withReelUrls<R extends Record<string, unknown>>(deps: Pick<Deps, 'files'>, records: R[]): Promise<R[]> {
  const keysOf = (record: R) =>
    ({ vertical: record.verticalKey, square: record.squareKey, landscape: record.landscapeKey }) as Record<'vertical' | 'square' | 'landscape', string | null>;
  const url = await fileUrls(
    deps.files,
    records.flatMap((record) => Object.values(keysOf(record))),
    'staff',
  );
  return records.map((record) => {
    const keys = keysOf(record);
    const done = keys.vertical && keys.square && keys.landscape;
    return { ...record, urls: done ? { vertical: url(keys.vertical!), square: url(keys.square!), landscape: url(keys.landscape!) } : null };
  });
}
