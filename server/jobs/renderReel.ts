import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REEL_MAX_SECONDS, REEL_SHAPES, type ReelShape } from '#shared/domain/reels';
import type { Deps } from '../deps';
import { newId, nowIso } from '../db/rows';
import type { Reel } from '../db/types';
import type { JobContext, JobHandler } from '../adapters/queue';
import { lazyMediaTools, type MediaTools } from '../adapters/media/tools';
import { probeMedia } from '../adapters/media/probe';
import { runTool, ToolError } from '../adapters/media/run';
import { runToolForLog } from '../adapters/media/runLog';
import { analyseClip } from '../adapters/media/reelAnalysis';
import { chooseSegment } from '../adapters/media/reelSegments';
import { handleOf, makeCard, makeCredit } from '../adapters/media/reelCards';
import { measureArgs, parseLoudness, plannedSeconds, progressSeconds, renderArgs, shapeSize, type ReelPart, type ReelPlan } from '../adapters/media/reelGraph';
import { findReelById, finishReelRender, reelBranding, renderableClips, updateReel, updateReelProgress } from '../db/repositories/reels';
import { clipsOf, outputKeysOf, removeReelFiles } from '../services/reels';
import { queueReelReady } from '../services/webhooks';
import { makeJobTempDir } from './tempDirs';

const payloadSchema = z.object({ reelId: z.string().min(1) });

/** A reel that will not render, whatever the number of tries: it fails with this reason. */
class ReelRejected extends Error {}

// A part's end stays this far from its file's end: the last frames of a file are often missing.
const END_MARGIN_SECONDS = 0.1;

type RenderDeps = Pick<Deps, 'db' | 'files' | 'config' | 'queue'>;

export interface RenderOptions {
  /** x264's preset (veryfast; tests take a faster one). */
  preset?: string;
  /** The outputs' size as a fraction of the shapes' (1): a draft for tests, at a sixteenth of the pixels for 0.25. */
  scale?: number;
}

const SHAPES = Object.keys(REEL_SHAPES) as ReelShape[];
const quietLog = { warn: () => {} };

/**
 * 'render-reel': the reel's clips that may still be shown (processed, approved, not hidden) are
 * fetched as their reviewable mp4, each one's best seconds chosen, the cards and credits drawn,
 * the sound measured (loudnorm's first pass) and then one ffmpeg run writes the three shapes while
 * the reel's progress follows it. The outputs are stored under a new folder of the reel's and
 * recorded only if the reel still holds the clips it started from, with the account's
 * 'reel.ready' webhook event; the previous render's files go then. A reel that cannot render is 'failed' with the reason.
 */
export function renderReelHandler(deps: RenderDeps, tools: () => MediaTools = lazyMediaTools(deps.config), options: RenderOptions = {}): JobHandler {
  return async (payload, job) => {
    const { reelId } = payloadSchema.parse(payload);
    const reel = await findReelById(deps.db, reelId);
    if (!reel) return;
    await updateReel(deps.db, reel.id, { status: 'rendering', progress: 0, error: null }, nowIso());
    const dir = await makeJobTempDir('reel');
    try {
      const { duration, ...keys } = await render(deps, tools(), reel, dir, job, options);
      const finished = await deps.db.transaction().execute(async (trx) => {
        if (!(await finishReelRender(trx, reel.id, reel.clips, { status: 'done', progress: 100, error: null, duration, ...keys }, nowIso()))) return false;
        await queueReelReady(deps, trx, { id: reel.id, accountId: reel.accountId, name: reel.name, duration });
        return true;
      });
      const stale = finished ? outputKeysOf(reel).filter((key) => !Object.values(keys).includes(key)) : Object.values(keys);
      await removeReelFiles(deps, stale, quietLog);
    } catch (error) {
      if (job.signal.aborted) throw error;
      const final = error instanceof ReelRejected || error instanceof ToolError || job.attempt >= job.maxAttempts;
      await updateReel(deps.db, reel.id, final ? { status: 'failed', error: reasonOf(error) } : { status: 'queued', progress: 0 }, nowIso());
      if (!final) throw error;
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  };
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

async function render(deps: RenderDeps, tools: MediaTools, reel: Reel, dir: string, job: JobContext, options: RenderOptions) {
  const plan = await planOf(deps, tools, reel, dir, job.signal, options.scale ?? 1);
  const measure = parseLoudness(await runToolForLog(tools.ffmpeg, measureArgs(plan), job.signal));
  const base = `reels/${reel.accountId}/${reel.id}/${newId()}`;
  const files = Object.fromEntries(SHAPES.map((shape) => [shape, path.join(dir, `${shape}.mp4`)])) as Record<ReelShape, string>;
  await runTool(tools.ffmpeg, renderArgs(plan, measure, files, options.preset), job.signal, progressWriter(deps, reel.id, plannedSeconds(plan)));
  const keys = { verticalKey: `${base}/vertical.mp4`, squareKey: `${base}/square.mp4`, landscapeKey: `${base}/landscape.mp4` };
  for (const shape of SHAPES) await deps.files.putFromFile(files[shape], keys[`${shape}Key`], 'video/mp4');
  return { ...keys, duration: Math.round(plannedSeconds(plan) * 100) / 100 };
}

/** Follows ffmpeg's progress: the reel's progress written at each 5% step (never 100 before the outputs are stored). */
function progressWriter(deps: RenderDeps, reelId: string, seconds: number) {
  let written = 0;
  let pending = Promise.resolve();
  return (chunk: string) => {
    const done = progressSeconds(chunk);
    if (done === undefined || seconds <= 0) return;
    const percent = Math.min(99, Math.floor(((done / seconds) * 100) / 5) * 5);
    if (percent <= written) return;
    written = percent;
    pending = pending.then(() => updateReelProgress(deps.db, reelId, percent, nowIso())).catch(() => {});
  };
}

/** The clips still fit to be shown, fetched and cut to their best seconds; the cards and credits drawn. */
async function planOf(deps: RenderDeps, tools: MediaTools, reel: Reel, dir: string, signal: AbortSignal, scale: number): Promise<ReelPlan> {
  const clips = clipsOf(reel);
  const rows = new Map((await renderableClips(deps.db, reel.accountId, [...new Set(clips.map((clip) => clip.uploadId))])).map((row) => [row.id, row]));
  const parts: ReelPart[] = [];
  for (const [index, clip] of clips.entries()) {
    const row = rows.get(clip.uploadId);
    if (!row?.mp4) continue;
    const file = path.join(dir, `clip${index}.mp4`);
    await deps.files.getToFile(row.mp4, file);
    const probe = await probeMedia(tools.ffprobe, file, signal);
    if (!probe.video) continue;
    const usable = Math.max(0, probe.duration - END_MARGIN_SECONDS);
    const analysis = await analyseClip(tools.ffmpeg, file, { duration: usable, hasAudio: Boolean(probe.audio) }, dir, signal);
    const segment = chooseSegment(analysis, clip);
    if (!segment) continue;
    const upright = probe.video.rotation === 90 || probe.video.rotation === 270;
    const handle = reel.credits ? handleOf(row) : undefined;
    const credit = handle ? path.join(dir, `credit${index}.png`) : undefined;
    if (credit && handle) await makeCredit(credit, handle, scale);
    parts.push({
      file,
      start: segment.start,
      duration: segment.end - segment.start,
      width: upright ? probe.video.height : probe.video.width,
      height: upright ? probe.video.width : probe.video.height,
      hasAudio: Boolean(probe.audio),
      credit,
    });
  }
  if (!parts.length)
    throw new ReelRejected('None of the clips of this reel can be shown now (each is hidden, deleted, not approved or without a usable second)');
  shortenTo(parts, REEL_MAX_SECONDS);
  return { parts, cards: await cardsOf(deps, reel, dir, scale), scale };
}

/** Parts cut shorter alike (from their ends) until the reel fits in `seconds`. */
function shortenTo(parts: ReelPart[], seconds: number): void {
  const total = plannedSeconds({ parts });
  if (total <= seconds) return;
  const fixedSeconds = total - parts.reduce((sum, part) => sum + part.duration, 0);
  const factor = (seconds - fixedSeconds) / (total - fixedSeconds);
  for (const part of parts) part.duration = Math.max(1, part.duration * factor);
}

/** The opening and closing cards of each shape: the account's name, logo and colours. */
async function cardsOf(deps: RenderDeps, reel: Reel, dir: string, scale: number): Promise<ReelPlan['cards']> {
  const account = await reelBranding(deps.db, reel.accountId);
  const logoKey = account?.headerImage ? deps.files.keyOfUrl(account.headerImage) : undefined;
  const logoFile = path.join(dir, 'logo');
  // A logo that cannot be fetched leaves the cards without one.
  const logo = logoKey
    ? await deps.files
        .getToFile(logoKey, logoFile)
        .then(() => logoFile)
        .catch(() => undefined)
    : undefined;
  const branding = { name: account?.name ?? '', logo, primaryColor: account?.primaryColor, secondaryColor: account?.secondaryColor };
  const cards = {} as ReelPlan['cards'];
  for (const shape of SHAPES) {
    const { width, height } = shapeSize(shape, scale);
    const open = path.join(dir, `open-${shape}.png`);
    await makeCard(open, width, height, branding);
    // The closing card is the opening one: the account signs the reel off as it opened it.
    cards[shape] = { open, close: open };
  }
  return cards;
}
