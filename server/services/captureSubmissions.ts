import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { deleteCaptureUpload, findCaptureUpload, isUploadWritten, type CaptureUpload } from '../db/repositories/captureUploads';
import { HttpError, refused, refusedTooLarge } from '../errors';
import type { Config } from '../config';
import type { FileStore } from '../files';
import { validationError } from '../http/validation';
import type { TusStore } from '../capture/tusStore';
import type { Queue } from '../adapters/queue';
import { inspectCapturedFile } from '../capture/container';
import { clipSecondsAtLeast } from '../capture/duration';
import { claimUpload, type Claim } from '../capture/submissionClaim';
import { holdSubmission, writeSubmission } from '../capture/heldSubmission';
import {
  captureExtensionOf,
  captureKindOfContentType,
  maxClipSeconds,
  type CaptureContentType,
  type CaptureKind,
  type RefusalReason,
} from '#shared/domain/capture';
import type { PlanLimits } from '#shared/domain/plans';
import { HONEYPOT_FIELD, submissionSchema, type SubmissionResult } from '#shared/domain/schemas/capture';
import { acceptedKinds, captureFormOf, findPublicPage } from './capturePage';
import { maxSizeOf } from './captureUploads';
import { holdAsSuspectedSpam } from './suspectedSpam';
import { DEFAULT_FAN_LOCALE, type FanLocale } from '#shared/i18n/fan/locales';

/** The steps of a submission a test may fail at, as a process killed there would. */
export type SubmissionStep = 'after-claim' | 'during-copy' | 'before-insert';

export interface SubmissionDeps {
  db: Db;
  files: FileStore;
  tus: TusStore;
  queue: Queue;
  config: Pick<Config, 'capture'>;
  /** Where a storage fault's cause is logged (the fan gets 'storage-unavailable', never its text). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Tests only: called at each step with the claim; throwing there fails the submission at that step. */
  faults?: (step: SubmissionStep, claim: { uploadId: string; original: string }) => void | Promise<void>;
}

/** The finished upload's bytes: still in the tus store (checked now), or already moved to the original by an earlier try. */
type CheckedBytes = { kind: CaptureKind; type: CaptureContentType; inTus: true } | { kind: CaptureKind; inTus: false };

/**
 * The tus upload checked (this page's, finished, its real type and whole container within the
 * kind's limits); a refused file is deleted. When an earlier try of this submission moved the
 * bytes already (and was stopped before the insert), the original in the file store stands in.
 */
async function checkBytes(deps: SubmissionDeps, pending: CaptureUpload, limits: PlanLimits, maxSeconds: number): Promise<CheckedBytes> {
  const { db, tus } = deps;
  // The upload's record may outlive its bytes (S3's metadata cache of another process): the bytes decide.
  const stored = await tus.datastore.getUpload(pending.id).catch(() => undefined);
  const gone = !stored || (stored.offset > 0 && !(await tus.read(pending.id, 0, 1).catch(() => undefined))?.length);
  if (gone) {
    const moved = pending.original ? await deps.files.probe(pending.original, 0).catch(() => undefined) : undefined;
    if (!moved || moved.size !== Number(pending.size)) throw refused('upload-not-found');
    await tus.remove(pending.id).catch(() => undefined);
    return { kind: pending.kind as CaptureKind, inTus: false };
  }
  if (!pending.finishedAt || stored.size === undefined || stored.offset < stored.size) throw refused('upload-unfinished');
  const discard = async (refusal: RefusalReason | HttpError) => {
    await tus.remove(pending.id);
    await deleteCaptureUpload(db, pending.id);
    return refusal instanceof HttpError ? refusal : refused(refusal);
  };
  const read = (position: number, length: number) => tus.read(pending.id, position, length);
  const inspected = await inspectCapturedFile(read, stored.size);
  if ('problem' in inspected) throw await discard(inspected.problem === 'damaged' ? 'file-damaged' : 'wrong-kind');
  const kind = captureKindOfContentType(inspected.type)!;
  if (kind !== pending.kind) throw await discard('wrong-kind');
  if (!acceptedKinds(limits).includes(kind)) throw await discard('photos-not-on-plan');
  const max = maxSizeOf(kind, deps.config);
  if (stored.size > max) throw await discard(refusedTooLarge(kind, max));
  // A clip whose headers say it is too long; one that does not say is measured by the pipeline.
  if (kind === 'video' && ((await clipSecondsAtLeast(read, stored.size, inspected.type)) ?? 0) > maxSeconds) throw await discard('too-long');
  return { kind, type: inspected.type, inTus: true };
}

/** Moves the bytes to the original's key (overwriting what an interrupted try left there); a storage fault answers 503. */
async function moveOriginal(deps: SubmissionDeps, id: string, claim: Claim, type: CaptureContentType): Promise<void> {
  try {
    await deps.faults?.('during-copy', claim);
    await deps.tus.moveInto(deps.files, id, claim.original, type);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    deps.log?.warn({ err: error, upload: id }, 'fan upload not saved: storage fault');
    throw refused('storage-unavailable');
  }
}

/**
 * A fan's submission: the fields checked against the page's own form, the finished
 * tus upload checked, then claimed (server/capture/submissionClaim.ts), its bytes moved to the
 * original's key, and one transaction writes the upload row, the fan-data row, the append-only
 * consent record and the 'process-upload' job (server/capture/heldSubmission.ts).
 * A submission stopped anywhere (an error, or a process killed after the claim, during the move
 * or before the insert) leaves the claim and the bytes (in the tus store or at the key); the
 * fan's retry of the same form takes the claim over and finishes, so it succeeds exactly once.
 * A filled honeypot answers like a success and holds the submission as suspected spam
 * (server/services/suspectedSpam.ts): nothing is counted, listed, mailed or processed.
 */
export async function submitFanUpload(
  deps: SubmissionDeps,
  accountSlug: string,
  pageSlug: string,
  body: unknown,
  /** The request's language (cookie, Accept-Language), for a body that does not say which it was shown in. */
  requestLocale: FanLocale = DEFAULT_FAN_LOCALE,
): Promise<SubmissionResult> {
  const { db } = deps;
  const { page, account, target } = await findPublicPage(db, accountSlug, pageSlug);
  const form = captureFormOf(page, target.limits);
  const parsed = submissionSchema(form).safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, 'body');
  const input = parsed.data;
  const suspectedSpam = Boolean(input[HONEYPOT_FIELD as 'website']);

  const pending = await findCaptureUpload(db, input.uploadId);
  if (!pending) throw refused('upload-not-found');
  if (pending.pageId !== page.id) throw refused('upload-other-page');
  if (pending.uploadId && (await isUploadWritten(db, pending.uploadId))) throw refused('upload-used');
  const bytes = await checkBytes(deps, pending, target.limits, maxClipSeconds(page.maxVideoSeconds, deps.config.capture.maxDurationSeconds));

  // Of two submissions racing with the same upload, one holds the claim.
  const claim = await claimUpload(db, pending, (uploadId) => {
    if (!bytes.inTus) throw refused('upload-not-found');
    return `uploads/${account.id}/${uploadId}/original.${captureExtensionOf(bytes.type)}`;
  });
  const lease = claim.keepAlive();
  try {
    await deps.faults?.('after-claim', claim);
    if (bytes.inTus) await moveOriginal(deps, pending.id, claim, bytes.type);
    await deps.faults?.('before-insert', claim);
    const upload = { uploadId: claim.uploadId, accountId: account.id, pageId: page.id, kind: bytes.kind, original: claim.original };
    const held = holdSubmission(form, input, upload, input.locale ?? requestLocale);
    const id = suspectedSpam ? await holdAsSuspectedSpam(db, held) : await writeSubmission(deps, held);
    await lease.stop();
    return { id, uploadId: claim.uploadId };
  } catch (error) {
    // Nothing half-written: the rows rolled back; the bytes stay where they are and a retry finishes.
    await lease.stop();
    await claim.release().catch(() => undefined);
    throw error;
  }
}
