import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { newId, nowIso } from '../db/rows';
import { HttpError, refused, refusedTooLarge } from '../errors';
import type { Config } from '../config';
import type { FileStore } from '../files';
import { validationError } from '../http/validation';
import type { TusStore } from '../capture/tusStore';
import type { Queue } from '../adapters/queue';
import { PROCESS_UPLOAD_JOB } from '../../src/domain/constants';
import { announceReceived } from './uploadAnnouncements';
import { inspectCapturedFile } from '../capture/container';
import { captureExtensionOf, captureKindOfContentType, type RefusalReason } from '../../src/domain/capture';
import { HONEYPOT_FIELD, submissionSchema, type CaptureForm, type SubmissionInput, type SubmissionResult } from '../../src/domain/schemas/capture';
import { acceptedKinds, captureFormOf, findPublicPage } from './capturePage';
import { maxSizeOf } from './captureUploads';
import { rollUpUpload } from './statsRollups';
import { insertSubmission } from '../db/repositories/submissions';

export interface SubmissionDeps {
  db: Db;
  files: FileStore;
  tus: TusStore;
  queue: Queue;
  config: Pick<Config, 'capture'>;
}

/** The consent record's entries: every text exactly as the page showed it, and the fan's answer. */
function consentsOf(form: CaptureForm, input: SubmissionInput) {
  const consents: { kind: 'marketing' | 'term'; text: string; required: boolean; accepted: boolean }[] = [];
  if (form.captureMarketingConsent && form.marketingConsent !== null) {
    consents.push({ kind: 'marketing', text: form.marketingConsent, required: false, accepted: input.marketingConsent === true });
  }
  form.customTerms.forEach((text, i) => consents.push({ kind: 'term', text, required: true, accepted: input.terms?.[i] === true }));
  return consents;
}

/**
 * A fan's submission (issue 9): the fields checked against the page's own form, the finished
 * tus upload checked (this page's, finished, unused, its real type and whole container within
 * the kind's limits), then one transaction writes the upload row, the fan-data row, the
 * append-only consent record and the 'process-upload' job. A refused file is deleted.
 * A filled honeypot answers like a success and writes nothing.
 */
export async function submitFanUpload(deps: SubmissionDeps, accountSlug: string, pageSlug: string, body: unknown): Promise<SubmissionResult> {
  const { db, tus } = deps;
  const { page, account, target } = await findPublicPage(db, accountSlug, pageSlug);
  const form = captureFormOf(page, target.limits);
  const parsed = submissionSchema(form).safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, 'body');
  const input = parsed.data;
  if (input[HONEYPOT_FIELD as 'website']) return { id: newId(), uploadId: newId() };

  const pending = await db.selectFrom('captureUploads').selectAll().where('id', '=', input.uploadId).executeTakeFirst();
  if (!pending) throw refused('upload-not-found');
  if (pending.pageId !== page.id) throw refused('upload-other-page');
  if (pending.uploadId) throw refused('upload-used');
  const stored = await tus.datastore.getUpload(pending.id).catch(() => undefined);
  if (!stored) throw refused('upload-not-found');
  if (!pending.finishedAt || stored.size === undefined || stored.offset < stored.size) throw refused('upload-unfinished');

  const discard = async (refusal: RefusalReason | HttpError) => {
    await tus.remove(pending.id);
    await db.deleteFrom('captureUploads').where('id', '=', pending.id).execute();
    return refusal instanceof HttpError ? refusal : refused(refusal);
  };
  const inspected = await inspectCapturedFile((position, length) => tus.read(pending.id, position, length), stored.size);
  if ('problem' in inspected) throw await discard(inspected.problem === 'damaged' ? 'file-damaged' : 'wrong-kind');
  const kind = captureKindOfContentType(inspected.type)!;
  if (kind !== pending.kind) throw await discard('wrong-kind');
  if (!acceptedKinds(target.limits).includes(kind)) throw await discard('photos-not-on-plan');
  const max = maxSizeOf(kind, deps.config);
  if (stored.size > max) throw await discard(refusedTooLarge(kind, max));

  // Claim the upload first: of two submissions racing with the same id, one wins.
  const uploadId = newId();
  const claimed = await db.updateTable('captureUploads').set({ uploadId }).where('id', '=', pending.id).where('uploadId', 'is', null).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw refused('upload-used');
  const key = `uploads/${account.id}/${uploadId}/original.${captureExtensionOf(inspected.type)}`;
  try {
    await tus.moveInto(deps.files, pending.id, key, inspected.type);
  } catch (error) {
    await db.updateTable('captureUploads').set({ uploadId: null }).where('id', '=', pending.id).execute();
    throw error;
  }

  const now = nowIso();
  const submissionId = newId();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('uploads')
        .values({
          id: uploadId,
          accountId: account.id,
          pageId: page.id,
          type: kind,
          status: 'pending',
          encodingStatus: 'pending',
          original: key,
          mp4: null,
          webm: null,
          thumbnail: null,
          customThumbnail: null,
          approvedAt: null,
          isHidden: 0,
          isAllowed: 1,
          viewCount: 0,
          likeCount: 0,
          shareToken: randomBytes(16).toString('base64url'),
          tags: '[]',
          moderationStatus: 'pending',
          moderationLabels: '[]',
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await rollUpUpload(trx, { accountId: account.id, pageId: page.id, createdAt: now });
      await insertSubmission(trx, {
        id: submissionId,
        accountId: account.id,
        pageId: page.id,
        uploadId,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        email: input.email ?? null,
        dob: input.dob ?? null,
        country: input.country ?? null,
        city: input.city ?? null,
        state: input.state ?? null,
        zip: input.zip ?? null,
        phone: input.phone ?? null,
        instagram: input.instagram || null,
        tiktok: input.tiktok || null,
        venueCity: input.venueCity ?? null,
        song: input.song ?? null,
        artist: input.artist ?? null,
        marketingConsent: input.marketingConsent ? 1 : 0,
        termsAccepted: JSON.stringify(form.customTerms),
        createdAt: now,
      });
      await trx
        .insertInto('consentRecords')
        .values({ id: newId(), accountId: account.id, pageId: page.id, submissionId, consents: JSON.stringify(consentsOf(form, input)), createdAt: now })
        .execute();
      await deps.queue.enqueue(PROCESS_UPLOAD_JOB, { uploadId }, { db: trx });
      await announceReceived(deps, trx, uploadId);
    });
  } catch (error) {
    // Nothing half-written: the rows rolled back; the moved file goes and the upload may be sent again.
    await deps.files.remove(key).catch(() => undefined);
    await db.deleteFrom('captureUploads').where('id', '=', pending.id).execute();
    throw error;
  }
  return { id: submissionId, uploadId };
}
