import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Deps } from '../deps';
import { fromBool } from '../db/rows';
import type { JobHandler } from '../adapters/queue';
import type { MediaTools } from '../adapters/media/tools';
import { probeMedia } from '../adapters/media/probe';
import { frameArgs } from '../adapters/media/encode';
import { runTool } from '../adapters/media/run';
import { isAllowedBy, type ModerationProvider } from '../adapters/moderation';
import { makeJobTempDir } from './tempDirs';
import { autoApproveModerated } from '../services/autoApproval';
import { findUploadById, updateUpload, uploadExists } from '../db/repositories/uploadRows';

const payloadSchema = z.object({ uploadId: z.string().min(1) });

/** Frames at a quarter, half and three quarters of the clip. */
export const FRAME_POSITIONS = [0.25, 0.5, 0.75];

/** What the model says of these pictures, as the upload's moderation columns: its labels and isAllowed. */
export async function moderationVerdict(deps: Pick<Deps, 'config'>, provider: ModerationProvider, pictures: string[]) {
  const labels = await provider.classify(pictures);
  return {
    moderationStatus: 'processed',
    moderationLabels: JSON.stringify(labels),
    isAllowed: fromBool(isAllowedBy(provider, labels, deps.config.moderationThreshold)),
  };
}

/**
 * 'moderate-upload': the model looks at the processed photo, or at frames sampled from the
 * mp4, and the upload gets its labels and isAllowed (false is 'Content Flagged'). The processing
 * job gives its verdict itself when it has the model (frames from its own decode); this job is
 * queued when it has not, or when that verdict failed.
 * moderationStatus: pending → processing → processed, or failed after the last attempt.
 */
export function moderateUploadHandler(
  deps: Pick<Deps, 'db' | 'files' | 'config' | 'queue'>,
  provider: ModerationProvider,
  tools: () => MediaTools,
): JobHandler {
  return async (payload, job) => {
    const { uploadId } = payloadSchema.parse(payload);
    const upload = await findUploadById(deps.db, uploadId);
    if (!upload || upload.moderationStatus === 'processed') return;
    const source = upload.type === 'image' ? upload.image : upload.mp4;
    if (!source) throw new Error('The upload has no processed picture to moderate yet');
    const setStatus = (moderationStatus: string) => updateUpload(deps.db, uploadId, { moderationStatus });
    await setStatus('processing');
    const dir = await makeJobTempDir('moderate');
    try {
      const local = path.join(dir, path.basename(source));
      await deps.files.getToFile(source, local);
      let pictures = [local];
      if (upload.type !== 'image') {
        const { duration } = await probeMedia(tools().ffprobe, local, job.signal);
        pictures = [];
        for (const [i, at] of FRAME_POSITIONS.entries()) {
          const frame = path.join(dir, `frame${i}.jpg`);
          await runTool(tools().ffmpeg, frameArgs(local, frame, duration * at), job.signal);
          pictures.push(frame);
        }
      }
      const verdict = await moderationVerdict(deps, provider, pictures);
      await updateUpload(deps.db, uploadId, verdict);
      await autoApproveModerated(deps, upload, provider, verdict);
    } catch (error) {
      // Erased meanwhile (its files went with it): nothing left to moderate, nothing to retry.
      if (!job.signal.aborted && !(await uploadExists(deps.db, uploadId))) return;
      if (!job.signal.aborted && job.attempt >= job.maxAttempts) await setStatus('failed');
      throw error;
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  };
}
