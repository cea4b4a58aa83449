import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import { createDb, migrate, type Db } from '../../server/db';
import { uploadListQueries, type UploadFilters } from '../../server/db/repositories/uploads';
import { UPLOAD_SORTS } from '#shared/domain/constants';
import { submissionListQueries, type SubmissionFilters } from '../../server/db/repositories/submissions';
import { FAN_DATA_SORTS } from '#shared/domain/schemas/fanData';
import { freshDb } from './helpers';

/**
 * Every filter and sort of the upload lists and the fan data table is served from an index: SQLite's plan for the page
 * query and the count query never scans the uploads table (nor submissions or upload_tags) row by row.
 */
const ACCOUNT = 'acc';
const ACCOUNT_FILTERS: Record<string, UploadFilters> = {
  none: {},
  pending: { status: 'pending' },
  processed: { status: 'processed' },
  failed: { status: 'failed' },
  'requires-approval': { status: 'requires-approval' },
  hidden: { status: 'hidden' },
  'content-flagged': { status: 'content-flagged' },
  pageId: { pageId: 'page' },
  type: { type: 'image' },
  tag: { tag: 'encore' },
  venue: { venue: 'Austin' },
  song: { song: 'Night Owl' },
  artist: { artist: 'The Owls' },
  dates: { startDate: '2024-01-01T00:00:00.000Z', endDate: '2024-02-01T00:00:00.000Z' },
  'pageId+dates+type': { pageId: 'page', type: 'video', startDate: '2024-01-01T00:00:00.000Z', endDate: '2024-02-01T00:00:00.000Z' },
};
const PLATFORM_FILTERS: Record<string, UploadFilters> = {
  none: {},
  'content-flagged': { status: 'content-flagged' },
  pending: { status: 'pending' },
  hidden: { status: 'hidden' },
  type: { type: 'video' },
  dates: { startDate: '2024-01-01T00:00:00.000Z', endDate: '2024-02-01T00:00:00.000Z' },
  accountId: { accountId: ACCOUNT },
};

/** Plan lines that read a table row by row ('SCAN t' without an index). */
const FULL_SCAN = /^SCAN (uploads|submissions|upload_tags)\b(?!.*USING (COVERING )?INDEX)/;

const DATA_FILTERS: Record<string, Omit<SubmissionFilters, 'accountId'>> = {
  none: {},
  pageId: { pageId: 'page' },
  venue: { venue: 'Austin' },
  song: { song: 'Night Owl' },
  artist: { artist: 'The Owls' },
  marketingConsent: { marketingConsent: true },
  dates: { startDate: '2024-01-01T00:00:00.000Z', endDate: '2024-02-01T00:00:00.000Z' },
  'venue+dates+consent': { venue: 'Austin', marketingConsent: false, startDate: '2024-01-01T00:00:00.000Z' },
};

describe('list query plans on sqlite', () => {
  let db: Db;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-plan-'));
    db = createDb({ sqliteFile: path.join(dir, 'plan.sqlite') });
    await migrate(db);
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function plan(query: Compilable): Promise<string[]> {
    const compiled = query.compile();
    const result = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]));
    return result.rows.map((row) => row.detail);
  }

  const cases = [
    ...Object.entries(ACCOUNT_FILTERS).map(([name, filters]) => [`account ${name}`, { ...filters, accountId: ACCOUNT }] as const),
    ...Object.entries(PLATFORM_FILTERS).map(([name, filters]) => [`platform ${name}`, filters] as const),
  ];

  it.each(cases.flatMap(([name, filters]) => UPLOAD_SORTS.map((sort) => [name, sort, filters] as const)))(
    '%s sorted by %s uses indexes',
    async (_name, sort, filters) => {
      const { rows, count } = uploadListQueries(db, filters, { page: 2, limit: 48, sort, order: 'desc' });
      for (const lines of [await plan(rows), await plan(count)]) {
        expect(
          lines.filter((line) => FULL_SCAN.test(line)),
          lines.join('\n'),
        ).toEqual([]);
        expect(
          lines.some((line) => /USING (COVERING )?INDEX/.test(line)),
          lines.join('\n'),
        ).toBe(true);
      }
    },
  );

  /** Filters whose page keys come in sort order straight from an index, for every sort (no sorting step). */
  const ORDERED: Record<string, [UploadFilters, RegExp]> = {
    'account, no filter': [{ accountId: ACCOUNT }, /uploads_account_(created|views|likes)_idx/],
    'account pending': [{ accountId: ACCOUNT, status: 'pending' }, /uploads_account_pending_(created|views|likes)_idx/],
    'account failed': [{ accountId: ACCOUNT, status: 'failed' }, /uploads_account_failed_(created|views|likes)_idx/],
    'account hidden': [{ accountId: ACCOUNT, status: 'hidden' }, /uploads_account_hidden_(created|views|likes)_idx/],
    'account content-flagged': [{ accountId: ACCOUNT, status: 'content-flagged' }, /uploads_account_flagged_(created|views|likes)_idx/],
    'account requires-approval': [{ accountId: ACCOUNT, status: 'requires-approval' }, /uploads_account_unapproved_(created|views|likes)_idx/],
    'account type': [{ accountId: ACCOUNT, type: 'image' }, /uploads_account_type_(created|views|likes)_idx/],
    'account pageId': [{ accountId: ACCOUNT, pageId: 'page' }, /uploads_(page|account)_(created|views|likes)_idx/],
    'account venue': [{ accountId: ACCOUNT, venue: 'Austin' }, /uploads_account_venue_(created|views|likes)_idx/],
    'account song': [{ accountId: ACCOUNT, song: 'Night Owl' }, /uploads_account_song_(created|views|likes)_idx/],
    'account artist': [{ accountId: ACCOUNT, artist: 'The Owls' }, /uploads_account_artist_(created|views|likes)_idx/],
    'platform, no filter': [{}, /uploads_(created|views|likes)_idx/],
    'platform pending': [{ status: 'pending' }, /uploads_pending_(created|views|likes)_idx/],
    'platform hidden': [{ status: 'hidden' }, /uploads_hidden_(created|views|likes)_idx/],
    'platform content-flagged': [{ status: 'content-flagged' }, /uploads_flagged_(created|views|likes)_idx/],
    'platform type': [{ type: 'video' }, /uploads_type_(created|views|likes)_idx/],
  };

  it.each(Object.entries(ORDERED).flatMap(([name, [filters, index]]) => UPLOAD_SORTS.map((sort) => [name, sort, filters, index] as const)))(
    '%s sorted by %s: the page keys are an ordered walk of its index (no sorting step)',
    async (_name, sort, filters, index) => {
      const lines = await plan(uploadListQueries(db, filters, { page: 2, limit: 48, sort, order: 'desc' }).keys);
      expect(
        lines.filter((line) => line.includes('TEMP B-TREE')),
        lines.join('\n'),
      ).toEqual([]);
      // Covering (no row read) except by page, whose index reads the page's rows to check the account.
      expect(
        lines.some((line) => /USING (COVERING )?INDEX/.test(line) && index.test(line) && (line.includes('COVERING') || 'pageId' in filters)),
        lines.join('\n'),
      ).toBe(true);
    },
  );

  it.each(FAN_DATA_SORTS.map((sort) => [sort]))('fan data sorted by %s: the page keys are an ordered walk of an index', async (sort) => {
    const lines = await plan(submissionListQueries(db, { accountId: ACCOUNT }, { page: 2, limit: 50, sort, order: 'desc' }).keys);
    expect(
      lines.filter((line) => line.includes('TEMP B-TREE')),
      lines.join('\n'),
    ).toEqual([]);
  });

  it.each(['venue', 'song', 'artist', 'pageId', 'marketingConsent', 'dates'])(
    'fan data filtered by %s, newest first: the page keys are an ordered walk of an index',
    async (name) => {
      const lines = await plan(
        submissionListQueries(db, { ...DATA_FILTERS[name], accountId: ACCOUNT }, { page: 2, limit: 50, sort: 'createdAt', order: 'desc' }).keys,
      );
      expect(
        lines.filter((line) => line.includes('TEMP B-TREE')),
        lines.join('\n'),
      ).toEqual([]);
    },
  );

  it.each(Object.entries(DATA_FILTERS).flatMap(([name, filters]) => FAN_DATA_SORTS.map((sort) => [name, sort, filters] as const)))(
    'fan data %s sorted by %s uses indexes',
    async (_name, sort, filters) => {
      const { rows, count } = submissionListQueries(db, { ...filters, accountId: ACCOUNT }, { page: 2, limit: 50, sort, order: 'asc' });
      for (const lines of [await plan(rows), await plan(count)]) {
        expect(
          lines.filter((line) => FULL_SCAN.test(line)),
          lines.join('\n'),
        ).toEqual([]);
        expect(
          lines.some((line) => /SEARCH submissions USING (COVERING )?INDEX/.test(line)),
          lines.join('\n'),
        ).toBe(true);
      }
    },
  );
});

describe.runIf(process.env.TEST_DATABASE_URL)('list indexes on postgresql', () => {
  let pgDb: Db;
  let sqliteDb: Db;
  let drop: () => Promise<void>;
  let dir: string;
  beforeAll(async () => {
    ({ db: pgDb, drop } = await freshDb({ name: 'postgres', url: process.env.TEST_DATABASE_URL }));
    await migrate(pgDb);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-plan-'));
    sqliteDb = createDb({ sqliteFile: path.join(dir, 'plan.sqlite') });
    await migrate(sqliteDb);
  });
  afterAll(async () => {
    await pgDb.destroy();
    await drop();
    await sqliteDb.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has every index of the uploads and submissions lists that SQLite has, partial ones with their condition', async () => {
    const onSqlite = await sql<{
      name: string;
      partial: number;
    }>`select name, sql like '% where %' as partial from sqlite_master where type = 'index' and tbl_name in ('uploads', 'submissions') and name not like 'sqlite_%'`.execute(
      sqliteDb,
    );
    const onPg = await sql<{
      name: string;
      partial: boolean;
    }>`select indexname as name, indexdef like '% WHERE %' as partial from pg_indexes where tablename in ('uploads', 'submissions') and indexname not like '%_pkey' and indexname not like '%_key'`.execute(
      pgDb,
    );
    const names = (rows: { name: string; partial: unknown }[]) => rows.map((row) => `${row.name}${row.partial ? ' (partial)' : ''}`).sort();
    expect(names(onPg.rows)).toEqual(names(onSqlite.rows));
  });

  it('reads a few-row status from its partial index', async () => {
    const { keys } = uploadListQueries(pgDb, { accountId: ACCOUNT, status: 'hidden' }, { page: 1, limit: 48, sort: 'viewCount', order: 'desc' });
    const compiled = keys.compile();
    await sql`set enable_seqscan = off`.execute(pgDb);
    const lines = await pgDb.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]));
    // On an empty table either partial index of the status may win; both hold only hidden uploads.
    expect(lines.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index Scan.* using uploads_(account_)?hidden_views_idx/);
  });
});
