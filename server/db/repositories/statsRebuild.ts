import { isPostgres, type Db } from '..';

/** The statements of a roll-up rebuild (services/statsRebuild.ts): the account's lock, its raw events, the roll-up tables. */

const ROLLUP_TABLES = ['statsDays', 'statsMonths', 'statsCountries', 'statsCountryMonths', 'statsLinks', 'statsUploadViews'] as const;
type RollupTable = (typeof ROLLUP_TABLES)[number];

/**
 * The account's time zone, its row locked FOR UPDATE on PostgreSQL until the transaction ends,
 * so the events arriving meanwhile (which read it FOR SHARE) wait; undefined for no such account.
 */
export async function lockAccountForRebuild(db: Db, accountId: string): Promise<string | undefined> {
  let lock = db.selectFrom('accounts').select('timeZone').where('id', '=', accountId);
  if (isPostgres(db)) lock = lock.forUpdate();
  return (await lock.executeTakeFirst())?.timeZone;
}

/** Every roll-up row of the account, in each roll-up table. */
export async function deleteAccountRollups(db: Db, accountId: string): Promise<void> {
  for (const table of ROLLUP_TABLES) {
    await db.deleteFrom(table).where('accountId', '=', accountId).execute();
  }
}

/** The account's next visits in time order after the cursor (the last one read), at most `limit`. */
export function visitsAfter(db: Db, accountId: string, after: { createdAt: string; id: string } | undefined, limit: number) {
  let query = db.selectFrom('visits').select(['id', 'pageId', 'visitorId', 'country', 'createdAt']).where('accountId', '=', accountId);
  if (after) {
    const { createdAt, id } = after;
    query = query.where((eb) => eb.or([eb('createdAt', '>', createdAt), eb.and([eb('createdAt', '=', createdAt), eb('id', '>', id)])]));
  }
  return query.orderBy('createdAt').orderBy('id').limit(limit).execute();
}

export function linkClicksOfAccount(db: Db, accountId: string) {
  return db.selectFrom('linkClicks').select(['pageId', 'label', 'toUrl', 'createdAt']).where('accountId', '=', accountId).execute();
}

export function uploadDatesOfAccount(db: Db, accountId: string) {
  return db.selectFrom('uploads').select(['pageId', 'createdAt']).where('accountId', '=', accountId).execute();
}

/** The account's views with their upload's page. */
export function viewsOfAccount(db: Db, accountId: string) {
  return db
    .selectFrom('views')
    .innerJoin('uploads', 'uploads.id', 'views.uploadId')
    .select(['views.uploadId', 'uploads.pageId', 'views.createdAt'])
    .where('views.accountId', '=', accountId)
    .execute();
}

/** Rows of a roll-up table, 200 a statement. */
export async function insertRollupRows<T extends object>(db: Db, table: RollupTable, rows: T[]): Promise<void> {
  for (let at = 0; at < rows.length; at += 200) {
    await db
      .insertInto(table)
      .values(rows.slice(at, at + 200) as never)
      .execute();
  }
}

export function allAccountIds(db: Db) {
  return db.selectFrom('accounts').select('id').execute();
}
