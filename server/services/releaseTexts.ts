import type { Db } from '../db';
import type { ReleaseTextsTable } from '../db/types';
import type { Selectable } from 'kysely';
import { isUniqueViolation, newId, nowIso } from '../db/rows';
import { findReleaseText, insertReleaseText, latestReleaseText } from '../db/repositories/rights';
import { conflict } from '../errors';
import { DEFAULT_RELEASE_TEXTS, RELEASE_TEXT_FIELDS } from '#shared/domain/rights';
import { FAN_LOCALES, isFanLocale, DEFAULT_FAN_LOCALE } from '#shared/i18n/fan/locales';

export type ReleaseText = Selectable<ReleaseTextsTable>;
type Texts = Partial<Record<(typeof RELEASE_TEXT_FIELDS)[keyof typeof RELEASE_TEXT_FIELDS], string | null>>;

/**
 * Release texts are versioned: every save writes a new version with the texts given, a language
 * left blank keeping the version before's text (or the default one), and no version is ever
 * changed, since fans agreed to it as it was. The version before is `basedOn` (the version staff
 * edited) or the latest. Answers the new version's id (the version before's when nothing changed).
 */
export async function writeReleaseVersion(trx: Db, accountId: string, texts: Texts, basedOn?: string): Promise<string> {
  // The edited version itself, not the latest read again: on PostgreSQL each statement sees what
  // was committed when it started, so a save committed meanwhile would be built on and not refused.
  const latest = basedOn ? await findReleaseText(trx, basedOn) : await latestReleaseText(trx, accountId);
  const now = nowIso();
  const id = newId();
  const columns = Object.fromEntries(
    FAN_LOCALES.map((locale) => {
      const field = RELEASE_TEXT_FIELDS[locale];
      return [field, texts[field]?.trim() || latest?.[field] || DEFAULT_RELEASE_TEXTS[locale]];
    }),
  ) as Record<(typeof RELEASE_TEXT_FIELDS)[keyof typeof RELEASE_TEXT_FIELDS], string>;
  // Saved as it was: no edit, no new version for fans to tell apart.
  if (latest && Object.entries(columns).every(([field, text]) => latest[field as keyof typeof columns] === text)) return latest.id;
  const version = (latest?.version ?? 0) + 1;
  // Two saves at once both read the same latest version: the second finds its number taken.
  await insertReleaseText(trx, { id, accountId, version, ...columns, createdAt: now, updatedAt: now }).catch((error: unknown) => {
    throw isUniqueViolation(error) ? conflict('app.server.releaseTextOld', { version: version - 1 }) : error;
  });
  return id;
}

/** Only the latest version is edited (into a new one); an older one stays as fans saw it. */
export async function assertLatestVersion(db: Db, accountId: string, version: number): Promise<void> {
  const latest = await latestReleaseText(db, accountId);
  if (latest && latest.version !== version) throw conflict('app.server.releaseTextOld', { version });
}

/** The version a request uses: the latest, or version 1 of the default texts when the account wrote none. */
export async function currentReleaseText(trx: Db, accountId: string): Promise<ReleaseText> {
  const latest = await latestReleaseText(trx, accountId);
  if (latest) return latest;
  await writeReleaseVersion(trx, accountId, {});
  return (await latestReleaseText(trx, accountId))!;
}

/** The text of a version in the fan's language. */
export function releaseTextIn(text: Pick<ReleaseText, (typeof RELEASE_TEXT_FIELDS)[keyof typeof RELEASE_TEXT_FIELDS]>, locale: string): string {
  return text[RELEASE_TEXT_FIELDS[isFanLocale(locale) ? locale : DEFAULT_FAN_LOCALE]];
}
