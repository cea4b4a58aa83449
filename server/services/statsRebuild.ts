import type { Selectable } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/types';
import { addKey, emptyRegisters, encode, estimate, type Registers } from '#shared/domain/hll';
import { localDay } from '#shared/domain/statsDays';
import {
  allAccountIds,
  deleteAccountRollups,
  insertRollupRows,
  linkClicksOfAccount,
  lockAccountForRebuild,
  uploadDatesOfAccount,
  viewsOfAccount,
  visitsAfter,
} from '../db/repositories/statsRebuild';

/**
 * Rebuilds an account's roll-ups from its raw events (visits, link clicks, uploads, views), in
 * one transaction: after a time zone change, a repair, or a bulk import. It holds the account
 * row for update, so on PostgreSQL the events arriving meanwhile (which read it FOR SHARE in
 * statsRollups.ts) wait and are then rolled up on top; on SQLite writers take turns anyway.
 * Visits are read in time order a batch at a time, so only the current day's and month's
 * sketches are held as registers; finished ones are kept encoded (a few hundred bytes).
 */
const BATCH = 5000;
const ACCOUNT = '';
const blob = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

type DayRow = Selectable<Database['statsDays']>;
type MonthRow = Selectable<Database['statsMonths']>;

class Counter<T> {
  readonly rows = new Map<string, T>();
  get(key: string, create: () => T): T {
    let row = this.rows.get(key);
    if (!row) this.rows.set(key, (row = create()));
    return row;
  }
}

export async function rebuildAccountRollups(db: Db, accountId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const timeZone = await lockAccountForRebuild(trx, accountId);
    if (timeZone === undefined) return;
    await deleteAccountRollups(trx, accountId);
    const days = new Counter<DayRow>();
    const dayRow = (pageId: string, day: string) =>
      days.get(`${pageId}|${day}`, () => ({ accountId, pageId, day, visits: 0, uploads: 0, views: 0, linkClicks: 0, uniques: null, uniqueCount: 0 }));
    const months = new Counter<MonthRow>();
    const monthRow = (pageId: string, month: string) =>
      months.get(`${pageId}|${month}`, () => ({ accountId, pageId, month, visits: 0, uploads: 0, views: 0, linkClicks: 0, uniques: null }));
    /** One more of the counter on the day and in its month, for each of the event's scopes (its page and the account). */
    const tally = (scopes: string[], day: string, counter: 'visits' | 'uploads' | 'views' | 'linkClicks') => {
      for (const pageId of scopes) {
        dayRow(pageId, day)[counter]++;
        monthRow(pageId, day.slice(0, 7))[counter]++;
      }
    };
    const countries = new Counter<{ accountId: string; pageId: string; day: string; country: string; visits: number }>();
    const countryMonths = new Counter<{ accountId: string; pageId: string; month: string; country: string; visits: number }>();
    const links = new Counter<{ accountId: string; pageId: string; day: string; label: string; toUrl: string; clicks: number }>();
    const views = new Counter<{ accountId: string; pageId: string; day: string; uploadId: string; views: number }>();

    // Visits, in time order: sketches of the current day and month per page.
    let openDay = '';
    let openMonth = '';
    let daySketches = new Map<string, Registers>();
    let monthSketches = new Map<string, Registers>();
    const closeDay = () => {
      for (const [pageId, registers] of daySketches) {
        const row = dayRow(pageId, openDay);
        row.uniques = blob(encode(registers));
        row.uniqueCount = estimate(registers);
      }
      daySketches = new Map();
    };
    const closeMonth = () => {
      for (const [pageId, registers] of monthSketches) monthRow(pageId, openMonth).uniques = blob(encode(registers));
      monthSketches = new Map();
    };
    let after: { createdAt: string; id: string } | undefined;
    for (;;) {
      const batch = await visitsAfter(trx, accountId, after, BATCH);
      for (const visit of batch) {
        const day = localDay(visit.createdAt, timeZone);
        const month = day.slice(0, 7);
        if (day !== openDay) {
          closeDay();
          openDay = day;
        }
        if (month !== openMonth) {
          closeMonth();
          openMonth = month;
        }
        const scopes = [visit.pageId, ACCOUNT];
        tally(scopes, day, 'visits');
        for (const pageId of scopes) {
          let registers = daySketches.get(pageId);
          if (!registers) daySketches.set(pageId, (registers = emptyRegisters()));
          addKey(registers, visit.visitorId);
          let monthly = monthSketches.get(pageId);
          if (!monthly) monthSketches.set(pageId, (monthly = emptyRegisters()));
          addKey(monthly, visit.visitorId);
          if (visit.country) {
            countries.get(`${pageId}|${day}|${visit.country}`, () => ({ accountId, pageId, day, country: visit.country!, visits: 0 })).visits++;
            countryMonths.get(`${pageId}|${month}|${visit.country}`, () => ({ accountId, pageId, month, country: visit.country!, visits: 0 })).visits++;
          }
        }
      }
      if (batch.length < BATCH) break;
      const last = batch[batch.length - 1];
      after = { createdAt: last.createdAt, id: last.id };
    }
    closeDay();
    closeMonth();

    const clicks = await linkClicksOfAccount(trx, accountId);
    for (const click of clicks) {
      const day = localDay(click.createdAt, timeZone);
      const scopes = click.pageId ? [click.pageId, ACCOUNT] : [ACCOUNT];
      tally(scopes, day, 'linkClicks');
      for (const pageId of scopes) {
        links.get(`${pageId}|${day}|${click.label}|${click.toUrl}`, () => ({ accountId, pageId, day, label: click.label, toUrl: click.toUrl, clicks: 0 }))
          .clicks++;
      }
    }
    const uploads = await uploadDatesOfAccount(trx, accountId);
    for (const upload of uploads) tally([upload.pageId, ACCOUNT], localDay(upload.createdAt, timeZone), 'uploads');
    const watched = await viewsOfAccount(trx, accountId);
    for (const view of watched) {
      const day = localDay(view.createdAt, timeZone);
      tally([view.pageId, ACCOUNT], day, 'views');
      views.get(`${view.uploadId}|${day}`, () => ({ accountId, pageId: view.pageId, day, uploadId: view.uploadId, views: 0 })).views++;
    }

    await insertRollupRows(trx, 'statsDays', [...days.rows.values()]);
    await insertRollupRows(trx, 'statsMonths', [...months.rows.values()]);
    await insertRollupRows(trx, 'statsCountries', [...countries.rows.values()]);
    await insertRollupRows(trx, 'statsCountryMonths', [...countryMonths.rows.values()]);
    await insertRollupRows(trx, 'statsLinks', [...links.rows.values()]);
    await insertRollupRows(trx, 'statsUploadViews', [...views.rows.values()]);
  });
}

/** Every account's roll-ups (the `npm run rollups:rebuild` command). */
export async function rebuildAllRollups(db: Db): Promise<number> {
  const accounts = await allAccountIds(db);
  for (const { id } of accounts) await rebuildAccountRollups(db, id);
  return accounts.length;
}
