import { isPostgres, type Db } from '../db';
import { addKey, decode, encode, estimate, sketchOf } from '#shared/domain/hll';
import { localDay } from '#shared/domain/statsDays';

/**
 * Roll-ups kept current as events arrive (issue 14): each event's writer calls one of these in
 * the transaction that inserts the raw event. Every row is written by an upsert, once for the
 * page and once for the whole account (page ''): the upsert locks the row on PostgreSQL until
 * the transaction ends, so the sketch read after it and written back cannot lose a concurrent
 * visitor; SQLite runs one writing transaction at a time.
 */
const ACCOUNT = '';
const scopes = (pageId: string | null) => (pageId ? [pageId, ACCOUNT] : [ACCOUNT]);
const blob = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The account's time zone, read so that a rebuild (which locks the account row for update)
 * and the events of the account never interleave on PostgreSQL.
 */
export async function timeZoneOf(db: Db, accountId: string): Promise<string> {
  let query = db.selectFrom('accounts').select('timeZone').where('id', '=', accountId);
  if (isPostgres(db)) query = query.forShare();
  const row = await query.executeTakeFirst();
  return row?.timeZone ?? 'UTC';
}

type DayCounter = 'visits' | 'uploads' | 'views' | 'linkClicks';

/** A counter of the day and of its month (long ranges read the months). */
async function bumpDays(db: Db, accountId: string, pageId: string | null, day: string, column: Exclude<DayCounter, 'visits'>): Promise<void> {
  const month = day.slice(0, 7);
  for (const scope of scopes(pageId)) {
    await db
      .insertInto('statsDays')
      .values({ accountId, pageId: scope, day, [column]: 1 })
      .onConflict((oc) => oc.columns(['accountId', 'pageId', 'day']).doUpdateSet((eb) => ({ [column]: eb(eb.ref(`statsDays.${column}`), '+', 1) })))
      .execute();
    await db
      .insertInto('statsMonths')
      .values({ accountId, pageId: scope, month, [column]: 1 })
      .onConflict((oc) => oc.columns(['accountId', 'pageId', 'month']).doUpdateSet((eb) => ({ [column]: eb(eb.ref(`statsMonths.${column}`), '+', 1) })))
      .execute();
  }
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
    const row = await db
      .insertInto('statsDays')
      .values({ accountId: visit.accountId, pageId, day, visits: 1, uniques: first, uniqueCount: 1 })
      .onConflict((oc) => oc.columns(['accountId', 'pageId', 'day']).doUpdateSet((eb) => ({ visits: eb(eb.ref('statsDays.visits'), '+', 1) })))
      .returning(['visits', 'uniques'])
      .executeTakeFirstOrThrow();
    const registers = decode(row.uniques);
    if (row.visits > 1 && addKey(registers, visit.visitorId)) {
      await db
        .updateTable('statsDays')
        .set({ uniques: blob(encode(registers)), uniqueCount: estimate(registers) })
        .where('accountId', '=', visit.accountId)
        .where('pageId', '=', pageId)
        .where('day', '=', day)
        .execute();
    }
  }
  for (const pageId of scopes(visit.pageId)) {
    const row = await db
      .insertInto('statsMonths')
      .values({ accountId: visit.accountId, pageId, month, visits: 1, uniques: first })
      .onConflict((oc) => oc.columns(['accountId', 'pageId', 'month']).doUpdateSet((eb) => ({ visits: eb(eb.ref('statsMonths.visits'), '+', 1) })))
      .returning(['visits', 'uniques'])
      .executeTakeFirstOrThrow();
    const registers = decode(row.uniques);
    if (row.visits > 1 && addKey(registers, visit.visitorId)) {
      await db
        .updateTable('statsMonths')
        .set({ uniques: blob(encode(registers)) })
        .where('accountId', '=', visit.accountId)
        .where('pageId', '=', pageId)
        .where('month', '=', month)
        .execute();
    }
  }
  if (!visit.country) return;
  for (const pageId of scopes(visit.pageId)) {
    await db
      .insertInto('statsCountries')
      .values({ accountId: visit.accountId, pageId, day, country: visit.country, visits: 1 })
      .onConflict((oc) => oc.columns(['accountId', 'pageId', 'day', 'country']).doUpdateSet((eb) => ({ visits: eb(eb.ref('statsCountries.visits'), '+', 1) })))
      .execute();
    await db
      .insertInto('statsCountryMonths')
      .values({ accountId: visit.accountId, pageId, month, country: visit.country, visits: 1 })
      .onConflict((oc) => oc.columns(['accountId', 'pageId', 'month', 'country']).doUpdateSet((eb) => ({ visits: eb(eb.ref('statsCountryMonths.visits'), '+', 1) })))
      .execute();
  }
}

export async function rollUpLinkClick(db: Db, click: { accountId: string; pageId: string | null; label: string; toUrl: string; createdAt: string }): Promise<void> {
  const day = localDay(click.createdAt, await timeZoneOf(db, click.accountId));
  await bumpDays(db, click.accountId, click.pageId, day, 'linkClicks');
  for (const pageId of scopes(click.pageId)) {
    await db
      .insertInto('statsLinks')
      .values({ accountId: click.accountId, pageId, day, label: click.label, toUrl: click.toUrl, clicks: 1 })
      .onConflict((oc) => oc.columns(['accountId', 'pageId', 'day', 'label', 'toUrl']).doUpdateSet((eb) => ({ clicks: eb(eb.ref('statsLinks.clicks'), '+', 1) })))
      .execute();
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
  await db
    .insertInto('statsUploadViews')
    .values({ accountId: view.accountId, pageId: view.pageId, day, uploadId: view.uploadId, views: 1 })
    .onConflict((oc) => oc.columns(['accountId', 'pageId', 'day', 'uploadId']).doUpdateSet((eb) => ({ views: eb(eb.ref('statsUploadViews.views'), '+', 1) })))
    .execute();
}
