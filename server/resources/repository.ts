import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { AnyResource } from '#shared/resources/define';
import { fieldKind } from '#shared/resources/fields';
import type { Db } from '../db';
import { newId, nowIso } from '../db/rows';
import { pageQueries, runPage, searchAny, type PageRequest, type SortAllowList } from '../db/repositories/paginate';

/**
 * The rows of a declared resource, always inside its parent: every read and write names the
 * account, so another account's row is not there (404), never refused (403) nor answered.
 * Declared tables are not in db/types.ts: the queries go through an untyped view of the same Kysely.
 */
export type Row = Record<string, unknown> & { id: string; createdAt: string; updatedAt: string };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- declared tables are known at run time only
const untyped = (db: Db) => db as unknown as Kysely<any>;

export interface ListRequest extends PageRequest<string> {
  q?: string;
  [filter: string]: unknown;
}

/** Booleans are stored as 0/1 (ARCHITECTURE's portable types); everything else as it is. */
function booleanFields(resource: AnyResource): string[] {
  return Object.entries(resource.fields)
    .filter(([, schema]) => fieldKind(schema as z.ZodType).kind === 'boolean')
    .map(([key]) => key);
}

/** What a read selects: the record's columns only, never the table's others (a token's hash). */
const columnsOf = (resource: AnyResource) => ['id', ...Object.keys(resource.fields), 'createdAt', 'updatedAt'];

/**
 * The rows of the resource in one account: its `only` values, and not past its `liveUntil` time.
 * Every read and write goes through it, so a row outside it is not there (404).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- select, update and delete builders alike
function scoped<Q extends { where(...args: any[]): any }>(query: Q, resource: AnyResource, accountId: string): Q {
  let rows = query.where('accountId', '=', accountId) as Q;
  for (const [column, value] of Object.entries(resource.only ?? {})) rows = rows.where(column, '=', value) as Q;
  if (resource.liveUntil) rows = rows.where(resource.liveUntil, '>', nowIso()) as Q;
  return rows;
}

function toRecord(resource: AnyResource, row: Row): Row {
  const record = { ...row };
  for (const key of booleanFields(resource)) if (record[key] !== null && record[key] !== undefined) record[key] = record[key] === 1;
  return record as Row;
}

function toColumns(resource: AnyResource, values: Record<string, unknown>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const key of Object.keys(resource.fields)) {
    if (!(key in values)) continue;
    const value = values[key];
    columns[key] = booleanFields(resource).includes(key) && typeof value === 'boolean' ? Number(value) : (value ?? null);
  }
  return columns;
}

/** Each declared sort: its column, then the id (the index's last column), so pages never repeat rows. */
function sortsOf(resource: AnyResource): SortAllowList<string> {
  return Object.fromEntries(resource.sorts.map((sort) => [sort, [sql.ref(sort), sql.ref('id')]]));
}

/** A list's page and count queries, built but not run (the index test reads their plans). */
export function listQueries(db: Db, resource: AnyResource, accountId: string, request: ListRequest) {
  let rows = scoped(untyped(db).selectFrom(resource.table).select(columnsOf(resource)), resource, accountId);
  if (request.q && resource.search?.length) rows = rows.where(searchAny([...resource.search], request.q));
  for (const filter of resource.filters ?? []) {
    const value = request[filter];
    if (value !== undefined && value !== '') rows = rows.where(filter, '=', typeof value === 'boolean' ? Number(value) : value);
  }
  return pageQueries(rows, request, sortsOf(resource));
}

export async function listRecords(db: Db, resource: AnyResource, accountId: string, request: ListRequest) {
  const page = await runPage(listQueries(db, resource, accountId, request), request);
  return { data: page.data.map((row) => toRecord(resource, row as Row)), total: page.total };
}

export async function findRecord(db: Db, resource: AnyResource, accountId: string, id: string): Promise<Row | undefined> {
  const row = await scoped(untyped(db).selectFrom(resource.table).select(columnsOf(resource)), resource, accountId).where('id', '=', id).executeTakeFirst();
  return row ? toRecord(resource, row as Row) : undefined;
}

export async function createRecord(db: Db, resource: AnyResource, accountId: string, values: Record<string, unknown>): Promise<Row> {
  const now = nowIso();
  const id = newId();
  await untyped(db)
    .insertInto(resource.table)
    .values({ ...toColumns(resource, values), ...resource.only, id, accountId, createdAt: now, updatedAt: now })
    .execute();
  return (await findRecord(db, resource, accountId, id))!;
}

/** Changes the fields given; undefined when the account has no such row. */
export async function updateRecord(db: Db, resource: AnyResource, accountId: string, id: string, values: Record<string, unknown>): Promise<Row | undefined> {
  const update = untyped(db).updateTable(resource.table).set({ ...toColumns(resource, values), updatedAt: nowIso() });
  const result = await scoped(update, resource, accountId).where('id', '=', id).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return findRecord(db, resource, accountId, id);
}

/** True when the account's row was there and is gone. */
export async function deleteRecord(db: Db, resource: AnyResource, accountId: string, id: string): Promise<boolean> {
  const result = await scoped(untyped(db).deleteFrom(resource.table), resource, accountId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
