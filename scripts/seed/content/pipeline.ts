import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../../server/db';
import { newId, parseJson } from '../../../server/db/rows';
import { findUploadById, updateUpload, type UploadChanges } from '../../../server/db/repositories/uploadRows';
import type { Config } from '../../../server/config';
import type { FileStore } from '../../../server/files';
import type { Upload } from '../../../server/db/types';
import type { JobContext } from '../../../server/adapters/queue';
import type { MediaTools } from '../../../server/adapters/media/tools';
import type { ModerationLabel, ModerationProvider } from '../../../server/adapters/moderation';
import { encodeMp4Handler, encodeWebmHandler, outputKeys, posterKeys, processUploadHandler } from '../../../server/jobs/processUpload';
import { moderateUploadHandler } from '../../../server/jobs/moderateUpload';
import { ENCODE_MP4_JOB, ENCODE_WEBM_JOB, MODERATE_UPLOAD_JOB, PROCESS_UPLOAD_JOB } from '#shared/domain/constants';
import type { CollectingQueue } from './collectingQueue';

export interface PipelineContext {
  db: Db;
  files: FileStore;
  config: Config;
  queue: CollectingQueue;
  tools: () => MediaTools;
  /** The configured model (nsfwjs by default). */
  moderation: ModerationProvider;
}

const job = (kind: string, attempt = 1, maxAttempts = 5): JobContext => ({ id: newId(), kind, attempt, maxAttempts, signal: new AbortController().signal });

/**
 * The 'process-upload' job of an upload, run by its handler (mp4 and thumbnail, or the photo's
 * web copy, or failed), then the jobs it queues for a clip: 'encode-mp4' (the full-quality mp4,
 * when the clip was made reviewable with its review proxy) and 'encode-webm'.
 */
export async function encodeUpload(ctx: PipelineContext, uploadId: string): Promise<void> {
  ctx.queue.take(PROCESS_UPLOAD_JOB, uploadId);
  await processUploadHandler(ctx, ctx.tools)({ uploadId }, job(PROCESS_UPLOAD_JOB));
  if (ctx.queue.take(ENCODE_MP4_JOB, uploadId)) await encodeMp4Handler(ctx, ctx.tools)({ uploadId }, job(ENCODE_MP4_JOB));
  if (ctx.queue.take(ENCODE_WEBM_JOB, uploadId)) await encodeWebmHandler(ctx, ctx.tools)({ uploadId }, job(ENCODE_WEBM_JOB));
}

/**
 * The 'moderate-upload' job, run by its handler with a provider: the configured model, or one
 * standing in for a model's verdict or outage. Attempt `attempt` of 5: a provider failing on an
 * early attempt leaves moderation 'processing' (waiting for a retry); on the last, 'failed'.
 */
export async function moderateUpload(ctx: PipelineContext, uploadId: string, provider = ctx.moderation, attempt = 1): Promise<void> {
  ctx.queue.take(MODERATE_UPLOAD_JOB, uploadId);
  try {
    await moderateUploadHandler(ctx, provider, ctx.tools)({ uploadId }, job(MODERATE_UPLOAD_JOB, attempt));
  } catch (error) {
    if (provider === ctx.moderation) throw error;
  }
}

/** A model that answers these labels: the demo's flagged uploads (generated clips never look unsafe to a real model). */
export function scriptedModel(flaggedLabels: ReadonlySet<string>, labels: ModerationLabel[]): ModerationProvider {
  return { name: 'demo', flaggedLabels, classify: async () => labels };
}

/** A model whose service is down. */
export function unavailableModel(flaggedLabels: ReadonlySet<string>): ModerationProvider {
  return {
    name: 'demo',
    flaggedLabels,
    classify: async () => {
      throw new Error('The moderation model did not answer (timed out after 60 s)');
    },
  };
}

/** Columns of an upload that are its own, never copied from the template. */
const OWN_COLUMNS = new Set<string>([
  'id',
  'accountId',
  'pageId',
  'type',
  'status',
  'original',
  'mp4',
  'webm',
  'thumbnail',
  'image',
  'customThumbnail',
  'posterCandidates',
  'approvedAt',
  'isHidden',
  'viewCount',
  'likeCount',
  'shareToken',
  'tags',
  'createdAt',
  'updatedAt',
]);

const OUTPUTS = [
  ['mp4', 'mp4', 'video/mp4'],
  ['webm', 'webm', 'video/webm'],
  ['thumbnail', 'thumbnail', 'image/jpeg'],
  ['image', 'image', 'image/jpeg'],
] as const;

/**
 * An upload of the same file as `template` gets its own copy of the pipeline's outputs for that
 * file (at its own keys, so deleting it removes only its files), and the template's encoding and
 * moderation results: encoding each of ~80 copies again would only make the demo slow to start.
 */
export async function copyOutputs(ctx: PipelineContext, template: Upload, uploadId: string, moderation: 'copy' | 'pending' = 'copy'): Promise<void> {
  ctx.queue.take(PROCESS_UPLOAD_JOB, uploadId);
  const upload = await findUploadById(ctx.db, uploadId);
  if (!upload) throw new Error(`The demo's upload ${uploadId} is gone`);
  const keys = outputKeys(upload);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'fcc-demo-'));
  const changes: Partial<Pick<Upload, 'mp4' | 'webm' | 'thumbnail' | 'image' | 'posterCandidates'>> = {};
  const copy = async (from: string, to: string, type: string) => {
    const local = path.join(dir, path.basename(to));
    await ctx.files.getToFile(from, local);
    await ctx.files.putFromFile(local, to, type);
  };
  // A clip's poster candidates, at its own keys; its thumbnail is the copy of the template's choice among them.
  const candidates = parseJson<string[]>(template.posterCandidates, []);
  try {
    for (const [column, keyName, type] of OUTPUTS) {
      const from = template[column];
      if (!from || (column === 'thumbnail' && candidates.length)) continue;
      await copy(from, keys[keyName], type);
      changes[column] = keys[keyName];
    }
    if (candidates.length) {
      const own = posterKeys(upload).slice(0, candidates.length);
      for (const [i, from] of candidates.entries()) await copy(from, own[i], 'image/jpeg');
      changes.posterCandidates = JSON.stringify(own);
      const chosen = candidates.indexOf(template.thumbnail ?? '');
      if (chosen >= 0) changes.thumbnail = own[chosen];
    }
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
  // Everything the pipeline wrote about the file (statuses, labels, and whatever it learns, e.g. a
  // duration), not what belongs to this upload (its ids, dates, review state, counts, files).
  const results = Object.fromEntries(Object.entries(template).filter(([column]) => !OWN_COLUMNS.has(column))) as UploadChanges;
  const fresh = moderation === 'pending' ? { moderationStatus: 'pending', moderationLabels: '[]', isAllowed: 1 } : {};
  await updateUpload(ctx.db, uploadId, { ...results, ...changes, ...fresh });
}
