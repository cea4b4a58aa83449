import type { Deps } from '../deps';
import type { User } from '../db/types';
import { newId, nowIso } from '../db/rows';
import { insertRightsRequests, rightsCandidates } from '../db/repositories/rights';
import { updateUploads } from '../db/repositories/uploads';
import { badRequest, notFound } from '../errors';
import { RIGHTS_LINK_DAYS } from '#shared/domain/rights';
import { RIGHTS_REQUEST_MAIL_JOB } from '#shared/domain/constants';
import { DEFAULT_FAN_LOCALE, isFanLocale } from '#shared/i18n/fan/locales';
import type { RightsRequestResult } from '#shared/domain/schemas/rights';
import { currentReleaseText } from './releaseTexts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Staff ask for the rights to use these uploads of the account: each fan (by e-mail address) gets
 * one mail in the language they sent in, listing their clips, the latest release text and a
 * signed link. Rows and mails are written in one transaction: every id must be the account's,
 * or nothing is asked. A clip already asked or granted, or whose fan left no address, is skipped
 * and said so.
 */
export async function requestRights(
  deps: Pick<Deps, 'db' | 'queue'>,
  accountId: string,
  uploadIds: string[],
  caller: Pick<User, 'id'>,
): Promise<RightsRequestResult> {
  const ids = [...new Set(uploadIds)];
  return deps.db.transaction().execute(async (trx) => {
    const found = await rightsCandidates(trx, accountId, ids);
    if (ids.some((id) => !found.some((row) => row.id === id))) throw notFound('upload');
    const skipped: RightsRequestResult['skipped'] = [];
    const byFan = new Map<string, typeof found>();
    for (const row of found) {
      const email = row.email?.trim().toLowerCase();
      if (!email) skipped.push({ id: row.id, reason: 'noEmail' });
      else if (row.rightsStatus === 'requested' || row.rightsStatus === 'granted') skipped.push({ id: row.id, reason: row.rightsStatus });
      else byFan.set(email, [...(byFan.get(email) ?? []), row]);
    }
    if (!byFan.size && skipped.every((skip) => skip.reason === 'noEmail')) throw badRequest('app.server.rightsNoFan');
    const release = await currentReleaseText(trx, accountId);
    const now = nowIso();
    const expiresAt = new Date(Date.now() + RIGHTS_LINK_DAYS * DAY_MS).toISOString();
    const requested: string[] = [];
    for (const clips of byFan.values()) {
      const linkId = newId();
      // The fan's language is the one they sent their first clip of this mail in.
      const locale = clips.map((clip) => clip.locale).find(isFanLocale) ?? DEFAULT_FAN_LOCALE;
      await insertRightsRequests(
        trx,
        clips.map((clip) => ({
          id: newId(),
          accountId,
          uploadId: clip.id,
          linkId,
          status: 'requested' as const,
          locale,
          releaseTextId: release.id,
          releaseVersion: release.version,
          expiresAt,
          requestedBy: caller.id,
          createdAt: now,
          updatedAt: now,
        })),
      );
      await deps.queue.enqueue(RIGHTS_REQUEST_MAIL_JOB, { linkId }, { db: trx });
      requested.push(...clips.map((clip) => clip.id));
    }
    await updateUploads(trx, requested, { rightsStatus: 'requested' }, now);
    return { requested, mails: byFan.size, releaseVersion: release.version, skipped };
  });
}
