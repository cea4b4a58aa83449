import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps';
import type { Upload, User } from '../db/types';
import type { Db } from '../db';
import { nowIso, parseJson } from '../db/rows';
import type { HeldSubmission } from '../capture/heldSubmission';
import { deleteSubmissions, listFanErasures, logFanErasure, submissionsByEmail } from '../db/repositories/submissions';
import { countConsentRecords, deleteConsentRecords } from '../db/repositories/consentRecords';
import { deleteRightsOfUploads } from '../db/repositories/rights';
import { FAN_ERASURES_SHOWN, type FanErasureLog } from '#shared/domain/schemas/fanData';
import { deleteUploads, uploadsByIds } from '../db/repositories/uploads';
import { notFound } from '../errors';
import { deleteSuspectedSpamIds, suspectedSpamOfAccount } from '../db/repositories/suspectedSpam';
import { fanDataRow } from './fanData';
import { storedFileKeys, leaveReels } from './uploadActions';
import { removeReelFiles } from './reels';
import { removeStoredFiles } from '../files/remove';

/**
 * A fan's right to be forgotten: an account admin finds everything the account holds
 * under one email and erases it: submissions (with the consents they carry), the rights requests
 * and answers of their clips, and their uploads
 * with the files, in one transaction, leaving only an entry that an erasure happened and when.
 */

export async function findFan(deps: Deps, accountId: string, email: string) {
  const rows = await submissionsByEmail(deps.db, accountId, email);
  const submissionIds = rows.map((row) => row.id);
  return {
    email,
    submissions: rows.map(fanDataRow),
    uploadIds: rows.map((row) => row.uploadId).filter((id): id is string => Boolean(id)),
    consentRecords: await countConsentRecords(deps.db, submissionIds),
  };
}

export async function eraseFan(deps: Deps, accountId: string, email: string, caller: Pick<User, 'id'>, log: FastifyBaseLogger) {
  const now = nowIso();
  const { submissions, consentRecords, uploads, held, reelFiles } = await deps.db.transaction().execute(async (trx) => {
    const rows = await submissionsByEmail(trx, accountId, email);
    // Held as suspected spam, their fields are in the held row: erased with the rest.
    const held = await heldSpamByEmail(trx, accountId, email);
    if (!rows.length && !held.length) throw notFound('fanData');
    const uploadIds = rows.map((row) => row.uploadId).filter((id): id is string => Boolean(id));
    const uploads = (await uploadsByIds(trx, uploadIds)).filter((upload) => upload.accountId === accountId);
    const ids = rows.map((row) => row.id);
    const consentRecords = await countConsentRecords(trx, ids);
    await deleteConsentRecords(trx, ids);
    await deleteSubmissions(trx, ids);
    // The rights they were asked for and their answers name their clips: they go too.
    const erasedIds = uploads.map((upload) => upload.id);
    await deleteRightsOfUploads(trx, erasedIds);
    if (erasedIds.length) await deleteUploads(trx, erasedIds);
    // No reel keeps the fan's clips: each holding one is rendered again without them, or goes.
    const reelFiles = await leaveReels(deps, trx, uploads);
    const heldIds = held.map((row) => row.id);
    if (heldIds.length) await deleteSuspectedSpamIds(trx, heldIds);
    await logFanErasure(trx, { accountId, userId: caller.id }, now);
    return { submissions: rows.length + held.length, consentRecords, uploads, held, reelFiles };
  });
  // The rows are gone: a folder that cannot be listed now is left to the orphan sweep (services/orphanUploadFiles.ts).
  const folderKeys = await Promise.all(
    [...uploads, ...held].map((upload) =>
      filesInFolderOf(deps, upload).catch((err: unknown) => {
        log.warn({ err, upload: upload.id }, "could not list an erased upload's folder");
        return [];
      }),
    ),
  );
  const named = [...uploads.flatMap((upload) => storedFileKeys(deps, upload)), ...held.map((row) => row.original)];
  await removeStoredFiles(deps, [...new Set([...named, ...folderKeys.flat()])], log, 'an upload file');
  await removeReelFiles(deps, reelFiles, log);
  return { submissions, consentRecords, uploads: uploads.length + held.length, erasedAt: now };
}

/** The submissions of this email held as suspected spam (few: purged within days); their fields are JSON. */
async function heldSpamByEmail(db: Db, accountId: string, email: string) {
  const wanted = email.trim().toLowerCase();
  const held = await suspectedSpamOfAccount(db, accountId);
  return held.filter((row) => parseJson<Partial<HeldSubmission>>(row.submission, {}).fields?.email?.trim().toLowerCase() === wanted);
}

/**
 * Every file in an upload's folder, the ones its row does not name too: a job processing it may
 * have written an output it had not recorded yet (the job removes one it writes after this).
 */
async function filesInFolderOf(deps: Pick<Deps, 'files'>, upload: Pick<Upload, 'accountId' | 'id'>): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of deps.files.list(`uploads/${upload.accountId}/${upload.id}/`)) keys.push(object.key);
  return keys;
}

/** The erasure log: the last erasures with their date and the staff member who made them (a removed user shows as null). */
export async function fanErasureLog(deps: Pick<Deps, 'db'>, accountId: string): Promise<FanErasureLog> {
  const { rows, total } = await listFanErasures(deps.db, accountId, FAN_ERASURES_SHOWN);
  return {
    data: rows.map((row) => ({
      id: row.id,
      erasedAt: row.createdAt,
      requestedBy: row.firstName || row.lastName ? `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() : (row.email ?? null),
    })),
    total,
  };
}
