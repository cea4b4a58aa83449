import { isPostgres, type Db } from '..';

/**
 * The roll-ups' writes as events arrive (services/statsRollups.ts says which, for which scopes).
 * Every row is written by an upsert: on PostgreSQL it locks the row until the transaction ends,
 * so a sketch read back by it and written again cannot lose a concurrent visitor.
 */

/**
 * The account's time zone, read FOR SHARE on PostgreSQL so that a rebuild (which locks the
 * account row for update) and the events of the account never interleave.
 */
export async function timeZoneForEvents(db: Db, accountId: string): Promise<string | undefined> {
  let query = db.selectFrom('accounts').select('timeZone').where('id', '=', accountId);
  if (isPostgres(db)) query = query.forShare();
  return (await query.executeTakeFirst())?.timeZone;
}

export type DayCounter = 'uploads' | 'views' | 'linkClicks';

/** One more of the counter on the scope's day and in its month. */
export async function bumpCounter(db: Db, accountId: string, pageId: string, day: string, column: DayCounter): Promise<void> {
  const month = day.slice(0, 7);
  await db
    .insertInto('statsDays')
    .values({ accountId, pageId, day, [column]: 1 })
    .onConflict((oc) => oc.columns(['accountId', 'pageId', 'day']).doUpdateSet((eb) => ({ [column]: eb(eb.ref(`statsDays.${column}`), '+', 1) })))
    .execute();
  await db
    .insertInto('statsMonths')
    .values({ accountId, pageId, month, [column]: 1 })
    .onConflict((oc) => oc.columns(['accountId', 'pageId', 'month']).doUpdateSet((eb) => ({ [column]: eb(eb.ref(`statsMonths.${column}`), '+', 1) })))
    .execute();
}

/** One more visit on the scope's day (a new day starts with `first` as its sketch): answers the day's visits and sketch. */
export function bumpDayVisits(db: Db, accountId: string, pageId: string, day: string, first: Buffer) {
  return db
    .insertInto('statsDays')
    .values({ accountId, pageId, day, visits: 1, uniques: first, uniqueCount: 1 })
    .onConflict((oc) => oc.columns(['accountId', 'pageId', 'day']).doUpdateSet((eb) => ({ visits: eb(eb.ref('statsDays.visits'), '+', 1) })))
    .returning(['visits', 'uniques'])
    .executeTakeFirstOrThrow();
}

export async function setDayUniques(db: Db, accountId: string, pageId: string, day: string, uniques: Buffer, uniqueCount: number): Promise<void> {
  await db
    .updateTable('statsDays')
    .set({ uniques, uniqueCount })
    .where('accountId', '=', accountId)
    .where('pageId', '=', pageId)
    .where('day', '=', day)
    .execute();
}

/** One more visit in the scope's month (a new month starts with `first` as its sketch): answers the month's visits and sketch. */
export function bumpMonthVisits(db: Db, accountId: string, pageId: string, month: string, first: Buffer) {
  return db
    .insertInto('statsMonths')
    .values({ accountId, pageId, month, visits: 1, uniques: first })
    .onConflict((oc) => oc.columns(['accountId', 'pageId', 'month']).doUpdateSet((eb) => ({ visits: eb(eb.ref('statsMonths.visits'), '+', 1) })))
    .returning(['visits', 'uniques'])
    .executeTakeFirstOrThrow();
}

export async function setMonthUniques(db: Db, accountId: string, pageId: string, month: string, uniques: Buffer): Promise<void> {
  await db.updateTable('statsMonths').set({ uniques }).where('accountId', '=', accountId).where('pageId', '=', pageId).where('month', '=', month).execute();
}

/** One more visit from the country on the scope's day and in its month. */
export async function bumpCountryVisits(db: Db, accountId: string, pageId: string, day: string, country: string): Promise<void> {
  const month = day.slice(0, 7);
  await db
    .insertInto('statsCountries')
    .values({ accountId, pageId, day, country, visits: 1 })
    .onConflict((oc) => oc.columns(['accountId', 'pageId', 'day', 'country']).doUpdateSet((eb) => ({ visits: eb(eb.ref('statsCountries.visits'), '+', 1) })))
    .execute();
  await db
    .insertInto('statsCountryMonths')
    .values({ accountId, pageId, month, country, visits: 1 })
    .onConflict((oc) =>
      oc.columns(['accountId', 'pageId', 'month', 'country']).doUpdateSet((eb) => ({ visits: eb(eb.ref('statsCountryMonths.visits'), '+', 1) })),
    )
    .execute();
}

/** One more click of the link on the scope's day. */
export async function bumpLinkClicks(db: Db, click: { accountId: string; pageId: string; day: string; label: string; toUrl: string }): Promise<void> {
  await db
    .insertInto('statsLinks')
    .values({ ...click, clicks: 1 })
    .onConflict((oc) => oc.columns(['accountId', 'pageId', 'day', 'label', 'toUrl']).doUpdateSet((eb) => ({ clicks: eb(eb.ref('statsLinks.clicks'), '+', 1) })))
    .execute();
}

/** One more view of the upload on the day. */
export async function bumpUploadViews(db: Db, view: { accountId: string; pageId: string; day: string; uploadId: string }): Promise<void> {
  await db
    .insertInto('statsUploadViews')
    .values({ ...view, views: 1 })
    .onConflict((oc) => oc.columns(['accountId', 'pageId', 'day', 'uploadId']).doUpdateSet((eb) => ({ views: eb(eb.ref('statsUploadViews.views'), '+', 1) })))
    .execute();
}
