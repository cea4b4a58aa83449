import {
  DELIVER_WEBHOOK_JOB,
  ENCODE_MP4_JOB,
  ENCODE_WEBM_JOB,
  FINGERPRINT_UPLOAD_JOB,
  FAN_APPROVED_MAIL_JOB,
  FAN_RECEIVED_MAIL_JOB,
  MODERATE_UPLOAD_JOB,
  PROCESS_UPLOAD_JOB,
  RENDER_REEL_JOB,
  RIGHTS_REQUEST_MAIL_JOB,
  VIDEO_PROCESSED_DIGEST_JOB,
} from '#shared/domain/constants';
import type { Deps } from '../deps';
import { lazyMediaTools } from '../adapters/media/tools';
import { inBackground } from '../adapters/media/lowPriority';
import type { JobHandler } from '../adapters/queue';
import { createModerationProvider, type ModerationProvider } from '../adapters/moderation';
import { encodeMp4Handler, encodeWebmHandler, fingerprintUploadHandler, processUploadHandler } from './processUpload';
import { moderateUploadHandler } from './moderateUpload';
import { DROPBOX_COPY_JOB } from '#shared/domain/integrations';
import { copyUploadToDropbox } from '../services/dropbox';
import { videoProcessedDigestHandler } from './videoProcessedDigest';
import { fanApprovedMailHandler, fanReceivedMailHandler } from './fanMails';
import { deliverWebhookHandler } from './deliverWebhook';
import { renderReelHandler } from './renderReel';
import { rightsRequestMailHandler } from './rightsMail';

/**
 * Webhook deliveries run on 2 slots of their own in every process that runs jobs, so a slow
 * receiver (each delivery ends within 10 s) never holds a slot encodes and moderation wait for.
 */
const DELIVERY_LANE = { name: 'webhook-deliveries', slots: 2 };

/**
 * Mails (a fan's received, approval and rights mails, the processed-clips digest) run on a slot of their own too: with
 * WORKERS=1 the main slot is busy with encodes through a show's backlog (a webm takes minutes),
 * and a priority only orders what waits, it cannot take the slot from a running encode.
 */
const MAIL_LANE = { name: 'mail', slots: 1 };

/**
 * A fan's clip becomes reviewable on a slot kept for it too: with WORKERS=1 the main slot spends
 * a quiet spell on a webm or a reel (a minute or more), and a clip sent then would wait for it.
 * The main slots take first looks before anything else, so a burst runs on both.
 */
const FIRST_LOOK_LANE = { name: 'first-look', slots: 1, alsoOnMain: true };

/** A job whose tools yield to the first looks' (see BACKGROUND_NICENESS). */
const background =
  (handler: JobHandler): JobHandler =>
  (payload, job) =>
    inBackground(() => handler(payload, job));

/** Every job kind and its handler. Handlers run at least once per job, so each is idempotent. */
export function registerJobHandlers(deps: Deps, moderation: ModerationProvider = createModerationProvider(deps.config)): void {
  const tools = lazyMediaTools(deps.config);
  // The processing job gives the verdict itself (frames from its own decode); moderate-upload is its fallback.
  // The model (a second of CPU to load) loads as the slots start, not beside a show's first uploads.
  deps.queue.work(PROCESS_UPLOAD_JOB, processUploadHandler(deps, tools, moderation), { lane: FIRST_LOOK_LANE, prepare: () => moderation.warm?.() });
  deps.queue.work(ENCODE_MP4_JOB, background(encodeMp4Handler(deps, tools)));
  deps.queue.work(ENCODE_WEBM_JOB, background(encodeWebmHandler(deps, tools)));
  deps.queue.work(FINGERPRINT_UPLOAD_JOB, background(fingerprintUploadHandler(deps, tools)));
  deps.queue.work(RENDER_REEL_JOB, background(renderReelHandler(deps, tools, { preset: deps.config.reelPreset, scale: deps.config.reelScale })));
  deps.queue.work(MODERATE_UPLOAD_JOB, moderateUploadHandler(deps, moderation, tools), { lane: FIRST_LOOK_LANE });
  deps.queue.work(DROPBOX_COPY_JOB, async (payload) => copyUploadToDropbox(deps, (payload as { uploadId: string }).uploadId));
  deps.queue.work(VIDEO_PROCESSED_DIGEST_JOB, videoProcessedDigestHandler(deps), { lane: MAIL_LANE });
  deps.queue.work(FAN_APPROVED_MAIL_JOB, fanApprovedMailHandler(deps), { lane: MAIL_LANE });
  deps.queue.work(FAN_RECEIVED_MAIL_JOB, fanReceivedMailHandler(deps), { lane: MAIL_LANE });
  deps.queue.work(RIGHTS_REQUEST_MAIL_JOB, rightsRequestMailHandler(deps), { lane: MAIL_LANE });
  deps.queue.work(DELIVER_WEBHOOK_JOB, deliverWebhookHandler(deps), { lane: DELIVERY_LANE });
}
