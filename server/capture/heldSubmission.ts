import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../db';
import { newId, nowIso } from '../db/rows';
import type { SubmissionsTable } from '../db/types';
import type { Queue } from '../adapters/queue';
import type { CaptureKind } from '#shared/domain/capture';
import { PROCESS_UPLOAD_JOB } from '#shared/domain/constants';
import type { CaptureForm, SubmissionInput } from '#shared/domain/schemas/capture';
import { DEFAULT_FAN_LOCALE, isFanLocale, type FanLocale } from '#shared/i18n/fan/locales';
import { announceReceived } from '../services/uploadAnnouncements';
import { rollUpUpload } from '../services/statsRollups';
import { insertSubmission } from '../db/repositories/submissions';
import { insertConsentRecord } from '../db/repositories/consentRecords';
import { insertUpload } from '../db/repositories/uploadRows';

/** A consent record's entry: a text exactly as the page showed it, and the fan's answer. */
interface ConsentEntry {
  kind: 'marketing' | 'term';
  text: string;
  required: boolean;
  accepted: boolean;
}

/** The fan's fields as the submissions row keeps them. */
type SubmittedFields = Omit<Insertable<SubmissionsTable>, 'id' | 'accountId' | 'pageId' | 'uploadId' | 'createdAt'>;

/**
 * Everything a fan's submission writes, decided when it arrives: kept as JSON while a suspected
 * spam submission waits (server/services/suspectedSpam.ts), so allowing it later writes exactly
 * what the normal path would have, with the texts the page showed then.
 */
export interface HeldSubmission {
  uploadId: string;
  accountId: string;
  pageId: string;
  kind: CaptureKind;
  original: string;
  fields: SubmittedFields;
  consents: ConsentEntry[];
  /** The language the page was shown in (absent in submissions held before it was kept: English). */
  locale?: FanLocale;
}

function consentsOf(form: CaptureForm, input: SubmissionInput): ConsentEntry[] {
  const consents: ConsentEntry[] = [];
  if (form.captureMarketingConsent && form.marketingConsent !== null) {
    consents.push({ kind: 'marketing', text: form.marketingConsent, required: false, accepted: input.marketingConsent === true });
  }
  form.customTerms.forEach((text, i) => consents.push({ kind: 'term', text, required: true, accepted: input.terms?.[i] === true }));
  return consents;
}

export function holdSubmission(
  form: CaptureForm,
  input: SubmissionInput,
  upload: Pick<HeldSubmission, 'uploadId' | 'accountId' | 'pageId' | 'kind' | 'original'>,
  locale: FanLocale = DEFAULT_FAN_LOCALE,
): HeldSubmission {
  const fields: SubmittedFields = {
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
  };
  return { ...upload, fields, consents: consentsOf(form, input), locale };
}

/**
 * One transaction: the upload row, the fan-data row, the append-only consent record, the stats
 * roll-up, the 'process-upload' job and the 'received' announcements, and `also` (what the caller
 * changes with them). Answers the submission id.
 */
export async function writeSubmission(deps: { db: Db; queue: Queue }, held: HeldSubmission, also?: (trx: Db) => Promise<void>): Promise<string> {
  const now = nowIso();
  const submissionId = newId();
  const { uploadId, accountId, pageId } = held;
  const locale = isFanLocale(held.locale) ? held.locale : DEFAULT_FAN_LOCALE;
  await deps.db.transaction().execute(async (trx) => {
    await also?.(trx);
    await insertUpload(trx, {
      id: uploadId,
      accountId,
      pageId,
      type: held.kind,
      status: 'pending',
      encodingStatus: 'pending',
      original: held.original,
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
    });
    await rollUpUpload(trx, { accountId, pageId, createdAt: now });
    await insertSubmission(trx, { id: submissionId, accountId, pageId, uploadId, ...held.fields, locale, createdAt: now });
    await insertConsentRecord(trx, { id: newId(), accountId, pageId, submissionId, consents: JSON.stringify(held.consents), locale, createdAt: now });
    await deps.queue.enqueue(PROCESS_UPLOAD_JOB, { uploadId }, { db: trx });
    await announceReceived(deps, trx, uploadId, held.fields.email);
  });
  return submissionId;
}
