import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ENCODE_MP4_JOB, ENCODE_WEBM_JOB, FINGERPRINT_UPLOAD_JOB, MODERATE_UPLOAD_JOB } from '#shared/domain/constants';
import { maxClipSeconds } from '#shared/domain/capture';
import type { Deps } from '../deps';
import { toBool } from '../db/rows';
import type { Upload } from '../db/types';
import type { JobContext, JobHandler } from '../adapters/queue';
import { lazyMediaTools, type MediaTools } from '../adapters/media/tools';
import { probeClip, probeMedia, type MediaProbe } from '../adapters/media/probe';
import { encodedSeconds, mp4Args, reviewArgs, webmArgs } from '../adapters/media/encode';
import { stillsArgs } from '../adapters/media/remux';
import { reviewPath } from '../adapters/media/reviewPath';
import { processImage } from '../adapters/media/image';
import { denseKeyframes, fingerprintClip, fingerprintFilesIn, fingerprintImage, readFingerprint, type Fingerprint } from '../adapters/media/fingerprint';
import { recordFingerprint } from '../services/duplicates';
import { recordAngles } from '../services/angles';
import { candidatesIn } from '../adapters/media/posterFrames';
import { choosePosters, POSTERS_KEPT, writePoster } from '../adapters/media/posterChoice';
import { runTool, ToolError } from '../adapters/media/run';
import { announceProcessed } from '../services/uploadAnnouncements';
import { measureEncode } from '../metrics';
import type { ModerationProvider } from '../adapters/moderation';
import { autoApproveModerated } from '../services/autoApproval';
import { makeJobTempDir } from './tempDirs';
import { findUploadById, updateUpload, uploadExists, type UploadChanges } from '../db/repositories/uploadRows';
import { maxVideoSecondsOf } from '../db/repositories/pages';
import { FRAME_POSITIONS, moderationVerdict } from './moderateUpload';

const payloadSchema = z.object({ uploadId: z.string().min(1) });

/** A file that will never process, whatever the number of tries: the upload fails with this reason. */
class MediaRejected extends Error {}

/** The upload's row went while the job ran (a fan's erasure, a delete): the job removes what it wrote and stops. */
class UploadGone extends Error {}

/**
 * Where an upload's outputs live: fixed per upload, so a second run replaces instead of adding
 * files. The review proxy has a key of its own, so the address players get changes when the
 * full-quality mp4 replaces it (no cache serves the proxy for it).
 */
export function outputKeys(upload: Pick<Upload, 'accountId' | 'id'>) {
  const base = `uploads/${upload.accountId}/${upload.id}`;
  return { mp4: `${base}/video.mp4`, proxy: `${base}/review.mp4`, webm: `${base}/video.webm`, thumbnail: `${base}/thumbnail.jpg`, image: `${base}/image.jpg` };
}

/** Where a clip's poster candidates live, best first as chosen (the first is its thumbnail until staff pick another). */
export function posterKeys(upload: Pick<Upload, 'accountId' | 'id'>): string[] {
  return Array.from({ length: POSTERS_KEPT }, (_, i) => `uploads/${upload.accountId}/${upload.id}/poster-${i}.jpg`);
}

const formatSeconds = (s: number) => (s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${Math.round(s)} s`);

/**
 * 'process-upload': the original becomes an mp4 and a thumbnail, or for a photo a clean web
 * copy and a thumbnail; the upload is 'processed' then (staff can review and approve it, every
 * browser plays the mp4), and, for a clip, its 'encode-webm' job is queued with that change.
 * A clip a phone wrote as H.264 that every browser plays (see reviewPath) is copied into the mp4
 * as it is, and only the frames the poster and the moderation need are decoded; any other clip
 * is encoded, one ffmpeg run making the mp4, the poster's candidates and the moderation frames.
 * The thumbnail of a clip is the best of its candidates (posterChoice.ts), kept with the next
 * best so staff can pick another (the uploads' poster action).
 * Given the moderation model, the job also gives the verdict, recorded with the same change: on
 * those frames (no second decode of the clip), or on the web copy of a photo. Without the model,
 * or when its verdict fails, the 'moderate-upload' job is queued instead (it retries on its own). The webm runs at the lowest priority (a burst of uploads is
 * reviewable before any webm is made) and players take it once it is there. A file that cannot be
 * processed leaves encodingStatus 'failed' with the reason, and the original where it was.
 * An upload erased or deleted while its job runs: the job removes what it wrote and ends
 * without an error (nothing to retry), before and after writing its outputs.
 */
type ProcessDeps = Pick<Deps, 'db' | 'files' | 'config' | 'queue'>;

export function processUploadHandler(deps: ProcessDeps, tools: () => MediaTools = lazyMediaTools(deps.config), moderation?: ModerationProvider): JobHandler {
  return async (payload, job) => {
    const { uploadId } = payloadSchema.parse(payload);
    const upload = await findUploadById(deps.db, uploadId);
    // Deleted meanwhile, or already done by an earlier delivery of this job.
    if (!upload || upload.encodingStatus === 'processed') return;
    // The model loads on its own thread while the file is probed and decoded, not after.
    moderation?.warm?.();
    const dir = await makeJobTempDir();
    try {
      if (upload.type === 'image') await processPhoto(deps, upload, dir, job, moderation);
      else await processVideo(deps, tools(), upload, dir, job, moderation);
    } catch (error) {
      if (job.signal.aborted) throw error;
      // Nothing to retry or mark for an upload that is gone (its original may be gone too).
      if (error instanceof UploadGone || !(await uploadExists(deps.db, upload.id))) return removeOutputs(deps, upload);
      const final = error instanceof MediaRejected || job.attempt >= job.maxAttempts;
      if (!final) throw error;
      await markFailed(deps, upload.id, error instanceof Error ? error.message : String(error));
      if (!(error instanceof MediaRejected)) throw error;
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  };
}

/** Stores the outputs while the upload still exists; the update that names them checks again (see `recorded`). */
async function putOutputs(deps: Pick<Deps, 'db' | 'files'>, upload: Upload, outputs: { file: string; key: string; type: string }[]): Promise<void> {
  if (!(await uploadExists(deps.db, upload.id))) throw new UploadGone();
  for (const { file, key, type } of outputs) await deps.files.putFromFile(file, key, type);
}

/** An update of the upload's row inside a transaction: throws UploadGone (rolling it back) when the row is gone. */
function recorded(updated: boolean): void {
  if (!updated) throw new UploadGone();
}

/** What this job writes for an upload that went meanwhile: the erasure may have listed the folder before the job wrote. */
async function removeOutputs(deps: Pick<Deps, 'files'>, upload: Upload): Promise<void> {
  await Promise.all([...Object.values(outputKeys(upload)), ...posterKeys(upload)].map((key) => deps.files.remove(key)));
}

async function markFailed(deps: Pick<Deps, 'db'>, uploadId: string, reason: string): Promise<void> {
  await updateUpload(deps.db, uploadId, { encodingStatus: 'failed', encodingError: reason.slice(0, 1000) });
}

async function fetchOriginal(deps: Pick<Deps, 'files'>, upload: Upload, dir: string): Promise<string> {
  const local = path.join(dir, `original${path.extname(upload.original).toLowerCase() || '.bin'}`);
  await deps.files.getToFile(upload.original, local);
  return local;
}

/** The longest clip taken: the page's own limit or CAPTURE_MAX_DURATION_SECONDS, the smaller. */
async function maxSecondsOf(deps: Pick<Deps, 'db' | 'config'>, upload: Upload): Promise<number> {
  return maxClipSeconds(await maxVideoSecondsOf(deps.db, upload.pageId), deps.config.capture.maxDurationSeconds);
}

async function probeOrReject(ffprobe: string, file: string, signal: AbortSignal, maxSeconds: number, withTiming: boolean) {
  let probed: Awaited<ReturnType<typeof probeClip>>;
  try {
    probed = withTiming ? await probeClip(ffprobe, file, signal, maxSeconds) : { probe: await probeMedia(ffprobe, file, signal, maxSeconds) };
  } catch (error) {
    if (error instanceof ToolError) throw new MediaRejected(`The file could not be read as a video (it may be incomplete or damaged): ${error.output}`);
    throw error;
  }
  if (!probed.probe.video) throw new MediaRejected('The file has no video in it');
  return probed;
}

/** Runs ffmpeg; answers what it printed (its progress, where asked). */
async function encode(ffmpeg: string, args: string[], signal: AbortSignal, what: string): Promise<string> {
  try {
    return await measureEncode(what, runTool(ffmpeg, args, signal));
  } catch (error) {
    if (error instanceof ToolError) throw new MediaRejected(`The ${what} could not be made from this file: ${error.output}`);
    throw error;
  }
}

/** A file cut short can still be read up to where it stops: that is not the fan's whole clip. */
function assertWhole(progress: string, probe: MediaProbe): void {
  const made = encodedSeconds(progress);
  if (probe.duration > 0 && made < probe.duration * 0.9 - 0.5) {
    throw new MediaRejected(`The file is incomplete: only ${formatSeconds(made)} of ${formatSeconds(probe.duration)} could be read`);
  }
}

/** The original, probed (with its video packets' times where asked) and within the page's limit. */
async function checkedOriginal(deps: ProcessDeps, tools: MediaTools, upload: Upload, dir: string, signal: AbortSignal, withTiming = false) {
  const original = await fetchOriginal(deps, upload, dir);
  const maxSeconds = await maxSecondsOf(deps, upload);
  const { probe, timing } = await probeOrReject(tools.ffprobe, original, signal, maxSeconds, withTiming);
  if (probe.duration > maxSeconds) {
    const length = probe.durationAtLeast ? `longer than ${formatSeconds(maxSeconds)}` : `${formatSeconds(probe.duration)} long`;
    throw new MediaRejected(`The clip is ${length}; this page takes clips up to ${formatSeconds(maxSeconds)}`);
  }
  return { original, maxSeconds, probe, timing };
}

async function processVideo(
  deps: ProcessDeps,
  tools: MediaTools,
  upload: Upload,
  dir: string,
  job: JobContext,
  moderation?: ModerationProvider,
): Promise<void> {
  const { signal } = job;
  const keys = outputKeys(upload);
  // Made by an earlier delivery of this job that stopped before recording them as processed.
  if (upload.mp4 && upload.thumbnail) {
    await reviewable(deps, upload.id, { encodingStatus: 'processed', encodingError: null, mp4Proxy: upload.mp4Proxy }, upload);
    return;
  }
  const { original, maxSeconds, probe, timing } = await checkedOriginal(deps, tools, upload, dir, signal, true);
  const mp4 = path.join(dir, 'video.mp4');
  const posters = path.join(dir, 'posters');
  await fs.promises.mkdir(posters);
  const frames = moderation ? FRAME_POSITIONS.map((at, i) => ({ at: probe.duration * at, file: path.join(dir, `frame${i}.jpg`) })) : [];
  const remux = reviewPath(probe, timing) === 'remux';
  // The fingerprint comes from the decode the first look makes anyway: the encode's, or the one a
  // copied clip's stills are taken from.
  const fingerprintFiles = fingerprintFilesIn(dir, Boolean(probe.audio));
  const outputs = { mp4, posters, frames, fingerprint: fingerprintFiles };
  const progress = remux
    ? await encode(tools.ffmpeg, stillsArgs(original, { ...outputs, copy: mp4 }, probe, timing, maxSeconds), signal, 'mp4')
    : await encode(tools.ffmpeg, reviewArgs(original, outputs, probe, maxSeconds, 'proxy'), signal, 'mp4');
  assertWhole(progress, probe);
  // The model looks at the frames on its thread while this one picks the posters and stores the files.
  const verdict = verdictBeside(
    deps,
    moderation,
    frames.map((frame) => frame.file).filter((file) => fs.existsSync(file)),
    signal,
  );
  const fingerprint = await orNone(() => readFingerprint(fingerprintFiles), signal);
  const chosen = await keptPosters(upload, posters, dir);
  await putOutputs(deps, upload, [{ file: mp4, key: remux ? keys.mp4 : keys.proxy, type: 'video/mp4' }, ...chosen]);
  const made = remux ? { mp4: keys.mp4, mp4Proxy: 0 } : { mp4: keys.proxy, mp4Proxy: 1 };
  const candidates = chosen.map((poster) => poster.key);
  await reviewable(
    deps,
    upload.id,
    {
      ...made,
      thumbnail: candidates[0],
      posterCandidates: JSON.stringify(candidates),
      duration: probe.duration || null,
      encodingStatus: 'processed',
      encodingError: null,
      ...(await verdict),
    },
    upload,
    fingerprint,
  );
  if (fingerprint) await recordAngles(deps.db, upload, fingerprint);
  await autoApproved(deps, upload, moderation, await verdict);
}

/** The best few of the candidates the run wrote, as files to store at the upload's poster keys (the first is the thumbnail). */
async function keptPosters(upload: Upload, folder: string, dir: string) {
  const candidates = candidatesIn(folder);
  if (candidates.length === 0) throw new MediaRejected('No picture could be taken from the clip');
  const keys = posterKeys(upload);
  return Promise.all(
    (await choosePosters(candidates)).map(async (look, i) => {
      const file = path.join(dir, `poster-${i}.jpg`);
      await writePoster(look.file, file);
      return { file, key: keys[i], type: 'image/jpeg' };
    }),
  );
}

/**
 * The model's verdict on pictures this job made, or undefined (the 'moderate-upload' job then
 * tries again on its own, with its retries): no model, none to look at, or the model failed (a
 * remote provider down must not fail the encode that was made). Started now, awaited later: a job
 * that fails meanwhile never leaves it unhandled (only a stopped job throws).
 */
function verdictBeside(deps: ProcessDeps, moderation: ModerationProvider | undefined, pictures: string[], signal: AbortSignal) {
  const verdict = moderation && pictures.length ? orNone(() => moderationVerdict(deps, moderation, pictures), signal) : Promise.resolve(undefined);
  verdict.catch(() => undefined);
  return verdict;
}

async function autoApproved(deps: ProcessDeps, upload: Upload, moderation: ModerationProvider | undefined, verdict: Awaited<ReturnType<typeof verdictBeside>>) {
  if (moderation && verdict) await autoApproveModerated(deps, upload, moderation, verdict);
}

/**
 * 'encode-webm': a processed clip's VP9 webm, queued with its processing at the lowest
 * priority. The upload stays 'processed' whatever happens here (the mp4 plays everywhere); a
 * failure is the job's, retried by the queue and listed with the failed jobs.
 */
export function encodeWebmHandler(deps: ProcessDeps, tools: () => MediaTools = lazyMediaTools(deps.config)): JobHandler {
  return async (payload, job) => {
    const { uploadId } = payloadSchema.parse(payload);
    const upload = await findUploadById(deps.db, uploadId);
    // Gone, not processed (yet, or it failed), or done by an earlier delivery of this job.
    if (!upload || upload.type !== 'video' || !upload.mp4 || upload.webm) return;
    const key = outputKeys(upload).webm;
    await laterOutput(
      deps,
      upload,
      job,
      () => deps.files.remove(key),
      async (dir) => {
        const { original, maxSeconds, probe } = await checkedOriginal(deps, tools(), upload, dir, job.signal);
        const webm = path.join(dir, 'video.webm');
        await encode(tools().ffmpeg, webmArgs(original, webm, probe, maxSeconds), job.signal, 'webm');
        await putOutputs(deps, upload, [{ file: webm, key, type: 'video/webm' }]);
        recorded(await updateUpload(deps.db, upload.id, { webm: key }));
      },
    );
  };
}

/**
 * Makes a later output of a processed clip (its webm, its full-quality mp4) in a scratch folder of
 * its own. An upload gone meanwhile (erased, deleted) ends the job without an error once what it
 * wrote is removed (`removeWritten`); any other failure is the job's, retried by the queue.
 */
async function laterOutput(
  deps: ProcessDeps,
  upload: Upload,
  job: JobContext,
  removeWritten: () => Promise<void>,
  make: (dir: string) => Promise<void>,
): Promise<void> {
  const dir = await makeJobTempDir();
  try {
    await make(dir);
  } catch (error) {
    if (job.signal.aborted) throw error;
    if (error instanceof UploadGone || !(await uploadExists(deps.db, upload.id))) return removeWritten();
    throw error;
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/**
 * 'encode-mp4': the full-quality mp4 of a clip made reviewable with its review proxy, queued with
 * its processing at the webm's priority. Once it is recorded the proxy goes: the upload's mp4 is
 * the full one from then on (its address changes, so the console's next read of the upload plays
 * it). The upload stays reviewable whatever happens here; a failure is retried by the queue.
 */
export function encodeMp4Handler(deps: ProcessDeps, tools: () => MediaTools = lazyMediaTools(deps.config)): JobHandler {
  return async (payload, job) => {
    const { uploadId } = payloadSchema.parse(payload);
    const upload = await findUploadById(deps.db, uploadId);
    if (!upload || upload.type !== 'video' || !upload.mp4) return;
    const keys = outputKeys(upload);
    // Done by an earlier delivery, which may have stopped before the proxy went.
    if (!toBool(upload.mp4Proxy)) {
      if (upload.mp4 === keys.mp4) await deps.files.remove(keys.proxy);
      return;
    }
    await laterOutput(
      deps,
      upload,
      job,
      () => removeOutputs(deps, upload),
      async (dir) => {
        const { original, maxSeconds, probe } = await checkedOriginal(deps, tools(), upload, dir, job.signal);
        const mp4 = path.join(dir, 'video.mp4');
        assertWhole(await encode(tools().ffmpeg, mp4Args(original, mp4, probe, maxSeconds), job.signal, 'mp4'), probe);
        await putOutputs(deps, upload, [{ file: mp4, key: keys.mp4, type: 'video/mp4' }]);
        recorded(await updateUpload(deps.db, upload.id, { mp4: keys.mp4, mp4Proxy: 0 }));
        await deps.files.remove(keys.proxy);
      },
    );
  };
}

/**
 * 'fingerprint-upload': the fingerprint of a clip whose processing left none (made reviewable by
 * an earlier delivery, or a decode's output it could not read), the possible duplicates it shows
 * and the other angles of its moment (other fans' clips of it), made after the clip is reviewable
 * (at the webm's priority) from its original. A clip the fingerprint cannot read stays
 * unfingerprinted, never compared; an upload gone meanwhile ends the job.
 */
export function fingerprintUploadHandler(deps: ProcessDeps, tools: () => MediaTools = lazyMediaTools(deps.config)): JobHandler {
  return async (payload, job) => {
    const { uploadId } = payloadSchema.parse(payload);
    const upload = await findUploadById(deps.db, uploadId);
    if (!upload || upload.type !== 'video' || upload.encodingStatus !== 'processed') return;
    await laterOutput(
      deps,
      upload,
      job,
      async () => undefined,
      async (dir) => {
        const { original, maxSeconds, probe, timing } = await checkedOriginal(deps, tools(), upload, dir, job.signal, true);
        const keyframes = denseKeyframes(timing);
        const fingerprint = await orNone(
          () => fingerprintClip(tools().ffmpeg, original, Boolean(probe.audio), maxSeconds, dir, job.signal, keyframes),
          job.signal,
        );
        if (!fingerprint) return;
        await deps.db.transaction().execute((trx) => recordFingerprint(trx, upload, fingerprint));
        await recordAngles(deps.db, upload, fingerprint);
      },
    );
  };
}

async function processPhoto(deps: ProcessDeps, upload: Upload, dir: string, job: JobContext, moderation?: ModerationProvider): Promise<void> {
  const original = await fetchOriginal(deps, upload, dir);
  const web = path.join(dir, 'image.jpg');
  const thumbnail = path.join(dir, 'thumbnail.jpg');
  try {
    await processImage(original, web, thumbnail);
  } catch (error) {
    throw new MediaRejected(`The image could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const keys = outputKeys(upload);
  const verdict = verdictBeside(deps, moderation, [web], job.signal);
  await putOutputs(deps, upload, [
    { file: web, key: keys.image, type: 'image/jpeg' },
    { file: thumbnail, key: keys.thumbnail, type: 'image/jpeg' },
  ]);
  const fingerprint = await orNone(() => fingerprintImage(web), job.signal);
  await reviewable(
    deps,
    upload.id,
    { image: keys.image, thumbnail: keys.thumbnail, encodingStatus: 'processed', encodingError: null, ...(await verdict) },
    upload,
    fingerprint,
  );
  await autoApproved(deps, upload, moderation, await verdict);
}

/**
 * What `make` answers, or undefined when it fails (unless the job was stopped): a file the encode
 * read but the fingerprint cannot is still reviewable, only not compared.
 */
async function orNone<T>(make: () => Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  try {
    return await make();
  } catch (error) {
    if (signal.aborted) throw error;
    return undefined;
  }
}

/**
 * Records what staff can now look at and, in the same transaction, its fingerprint (a photo's, or
 * a clip's from the decode its processing made) and the possible duplicates it shows, queues its
 * moderation (unless the changes carry the verdict), a clip's webm and, for a clip without a
 * fingerprint, its fingerprint job, and announces it.
 */
async function reviewable(
  deps: ProcessDeps,
  uploadId: string,
  changes: Omit<UploadChanges, 'webm'>,
  processed: Pick<Upload, 'id' | 'accountId' | 'type' | 'createdAt'>,
  fingerprint?: Fingerprint,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    recorded(await updateUpload(trx, uploadId, changes));
    if (fingerprint) await recordFingerprint(trx, processed, fingerprint);
    if (changes.moderationStatus !== 'processed') await deps.queue.enqueue(MODERATE_UPLOAD_JOB, { uploadId }, { db: trx });
    // Queued first, the full-quality mp4 comes before the webm (equal priority, oldest first).
    if (changes.mp4Proxy) await deps.queue.enqueue(ENCODE_MP4_JOB, { uploadId }, { db: trx });
    if (processed.type === 'video') await deps.queue.enqueue(ENCODE_WEBM_JOB, { uploadId }, { db: trx });
    // A clip processed by an earlier delivery, or whose fingerprint could not be read, gets one by a
    // decode of its own, after its first look.
    if (processed.type === 'video' && !fingerprint) await deps.queue.enqueue(FINGERPRINT_UPLOAD_JOB, { uploadId }, { db: trx });
    await announceProcessed(deps, trx, processed);
  });
}
