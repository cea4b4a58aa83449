import type { Db } from '../db';
import { addKey, decode, encode, estimate, sketchOf } from '#shared/domain/hll';
import { localDay } from '#shared/domain/statsDays';
import {
  bumpCountryVisits,
  bumpCounter,
  bumpDayVisits,
  bumpLinkClicks,
  bumpMonthVisits,
  bumpUploadViews,
  setDayUniques,
  setMonthUniques,
  timeZoneForEvents,
  type DayCounter,
} from '../db/repositories/statsRollups';

/**
 * Roll-ups kept current as events arrive: each event's writer calls one of these in
 * the transaction that inserts the raw event. Every row is written by an upsert, once for the
 * page and once for the whole account (page ''): the upsert locks the row on PostgreSQL until
 * the transaction ends, so the sketch read after it and written back cannot lose a concurrent
 * visitor; SQLite runs one writing transaction at a time.
 */
const ACCOUNT = '';
const scopes = (pageId: string | null) => (pageId ? [pageId, ACCOUNT] : [ACCOUNT]);
const blob = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The account's time zone, read so that a rebuild (which locks the account row for update) and the events of the account never interleave on PostgreSQL. */
async function timeZoneOf(db: Db, accountId: string): Promise<string> {
  return (await timeZoneForEvents(db, accountId)) ?? 'UTC';
}

/** A counter of the day and of its month (long ranges read the months). */
async function bumpDays(db: Db, accountId: string, pageId: string | null, day: string, column: DayCounter): Promise<void> {
  for (const scope of scopes(pageId)) await bumpCounter(db, accountId, scope, day, column);
}

export interface VisitEvent {
  accountId: string;
  pageId: string;
  visitorId: string;
  country: string | null;
  createdAt: string;
}

export async function rollUpVisit(db: Db, visit: VisitEvent): Promise<void> {
  const day = localDay(visit.createdAt, await timeZoneOf(db, visit.accountId));
  const month = day.slice(0, 7);
  const first = blob(sketchOf([visit.visitorId]));
  for (const pageId of scopes(visit.pageId)) {
    const row = await bumpDayVisits(db, visit.accountId, pageId, day, first);
    const registers = decode(row.uniques);
    if (row.visits > 1 && addKey(registers, visit.visitorId)) {
      await setDayUniques(db, visit.accountId, pageId, day, blob(encode(registers)), estimate(registers));
    }
  }
  for (const pageId of scopes(visit.pageId)) {
    const row = await bumpMonthVisits(db, visit.accountId, pageId, month, first);
    const registers = decode(row.uniques);
    if (row.visits > 1 && addKey(registers, visit.visitorId)) {
      await setMonthUniques(db, visit.accountId, pageId, month, blob(encode(registers)));
    }
  }
  if (!visit.country) return;
  for (const pageId of scopes(visit.pageId)) await bumpCountryVisits(db, visit.accountId, pageId, day, visit.country);
}

export async function rollUpLinkClick(
  db: Db,
  click: { accountId: string; pageId: string | null; label: string; toUrl: string; createdAt: string },
): Promise<void> {
  const day = localDay(click.createdAt, await timeZoneOf(db, click.accountId));
  await bumpDays(db, click.accountId, click.pageId, day, 'linkClicks');
  for (const pageId of scopes(click.pageId)) {
    await bumpLinkClicks(db, { accountId: click.accountId, pageId, day, label: click.label, toUrl: click.toUrl });
  }
}

export async function rollUpUpload(db: Db, upload: { accountId: string; pageId: string; createdAt: string }): Promise<void> {
  const day = localDay(upload.createdAt, await timeZoneOf(db, upload.accountId));
  await bumpDays(db, upload.accountId, upload.pageId, day, 'uploads');
}

/** A view of an upload (the public wall's player calls this beside its insert into views). */
export async function rollUpView(db: Db, view: { accountId: string; pageId: string; uploadId: string; createdAt: string }): Promise<void> {
  const day = localDay(view.createdAt, await timeZoneOf(db, view.accountId));
  await bumpDays(db, view.accountId, view.pageId, day, 'views');
  await bumpUploadViews(db, { accountId: view.accountId, pageId: view.pageId, day, uploadId: view.uploadId });
}
