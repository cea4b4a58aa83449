import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import { parentOf, recordFieldsOf, referenceTable, type AnyResource } from '#shared/resources/define';
import { fieldKind } from '#shared/resources/fields';
import type { Db } from '..';
import type { Database } from '../types';
import { newId, nowIso } from '../rows';
import { pageQueries, runPage, searchAny, type PageRequest, type SortAllowList } from './paginate';

/**
 * The generated repository of every declared resource: its rows, always inside their parent
 * (the account, or the row a resource lives under), so a row of another parent is not there
 * (404), never refused (403) nor answered.
 */
export type Row = Record<string, unknown> & { id: string };

/**
 * Where run-time names meet static types, the one place of this file that says so. A declaration
 * names its table and columns as strings: the shared kernel, where declarations live, cannot
 * import the server's Database type. So a declared table is taken as one of Database's tables
 * (camelCased, as Kysely names them), and its statements go through a view of the same Kysely
 * whose tables are Database's and whose rows are columns by name. Nothing checks the names here
 * at run time: tests/server/dbTypes.test.ts holds every product declaration's table and columns
 * to server/db/types.ts, and the tests' own declarations (venues, setlists) read tables that only
 * their migrations make.
 */
type Declared = Kysely<Record<keyof Database, Record<string, unknown>>>;
const declared = (db: Db) => db as unknown as Declared;
const declaredTable = (table: string) => table.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase()) as keyof Database;

export interface ListRequest extends PageRequest<string> {
  q?: string;
  [filter: string]: unknown;
}

/** The fields of one kind: booleans are stored as 0/1 and lists as JSON text (the two databases' portable types). */
function fieldsOfKind(resource: AnyResource, kind: 'boolean' | 'list'): string[] {
  return Object.entries(resource.fields)
    .filter(([, schema]) => fieldKind(schema as z.ZodType).kind === kind)
    .map(([key]) => key);
}

/** Our column holding the parent's id: none for a platform resource of its own path (every user). */
const parentColumn = (resource: AnyResource): string[] => {
  const { column } = parentOf(resource);
  return column ? [column] : [];
};

/** A column of the resource's own table, named in full (a reference's join brings same-named columns). */
const own = (resource: AnyResource, column: string) => `${declaredTable(resource.table)}.${column}`;

/** The column that identifies a record: `id`, or the declared key (a membership's user). */
const keyOf = (resource: AnyResource) => own(resource, resource.key ?? 'id');

/** The alias of a reference's joined table and of each column read from it ('sentBy' -> sentByRef, sentByRefId), never a column of ours. */
const referenceAlias = (key: string) => `${key}Ref`;
const referenceColumn = (key: string, column: string) => `${key}Ref${column[0].toUpperCase()}${column.slice(1)}`;

/** What a read selects: the record's own columns and its parent's (never the table's others, a token's hash) and each reference's. */
function selectRecord(db: Db, resource: AnyResource) {
  // Widened to any table name: each reference joins its table under an alias of its own.
  let query = declared(db).selectFrom(declaredTable(resource.table)) as SelectQueryBuilder<Record<string, Record<string, unknown>>, string, object>;
  // The parent's column too: hooks read it, and an answer that names it (a page's accountId) gives it.
  const columns: string[] = [
    ...(resource.key ? [`${own(resource, resource.key)} as id`] : []),
    ...[...recordFieldsOf(resource).filter((field) => !resource.key || field !== 'id'), ...parentColumn(resource), ...Object.keys(resource.fields)].map(
      (column) => own(resource, column),
    ),
  ];
  for (const [key, reference] of Object.entries(resource.references ?? {})) {
    const alias = referenceAlias(key);
    query = query.leftJoin(`${declaredTable(referenceTable(reference))} as ${alias}`, `${alias}.id`, own(resource, reference.column));
    for (const column of ['id', ...reference.fields]) columns.push(`${alias}.${column} as ${referenceColumn(key, column)}`);
  }
  return query.select(columns as never);
}

/**
 * The rows of the resource under one parent: its `only` values, and not past its `liveUntil`
 * time. Every read and write goes through it, so a row outside it is not there (404).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- select, update and delete builders alike
function scoped<Q extends { where(...args: any[]): any }>(query: Q, resource: AnyResource, parentId: string): Q {
  const [column] = parentColumn(resource);
  let rows = (column ? query.where(own(resource, column), '=', parentId) : query) as Q;
  for (const [column, value] of Object.entries(resource.only ?? {})) rows = rows.where(own(resource, column), '=', value) as Q;
  if (resource.liveUntil) rows = rows.where(own(resource, resource.liveUntil), '>', nowIso()) as Q;
  return rows;
}

/** A row as the record: booleans as booleans, each reference's columns folded into its object (null without a row). */
function toRecord(resource: AnyResource, row: Record<string, unknown>): Row {
  const record = { ...row };
  for (const key of fieldsOfKind(resource, 'boolean')) if (record[key] !== null && record[key] !== undefined) record[key] = record[key] === 1;
  for (const key of fieldsOfKind(resource, 'list')) record[key] = typeof record[key] === 'string' ? JSON.parse(record[key]) : [];
  for (const [key, reference] of Object.entries(resource.references ?? {})) {
    const embedded = Object.fromEntries(['id', ...reference.fields].map((column) => [column, record[referenceColumn(key, column)]]));
    for (const column of ['id', ...reference.fields]) delete record[referenceColumn(key, column)];
    record[key] = embedded.id === null || embedded.id === undefined ? null : embedded;
  }
  return record as Row;
}

/** The values written: the declared fields given, and the columns of references a hook set. */
function toColumns(resource: AnyResource, values: Record<string, unknown>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  const booleans = fieldsOfKind(resource, 'boolean');
  for (const key of Object.keys(resource.fields)) {
    if (!(key in values)) continue;
    const value = values[key];
    columns[key] = booleans.includes(key) && typeof value === 'boolean' ? Number(value) : Array.isArray(value) ? JSON.stringify(value) : (value ?? null);
  }
  for (const { column } of Object.values(resource.references ?? {})) if (column in values) columns[column] = values[column] ?? null;
  return columns;
}

/** Each declared sort: its column (lower-cased when caseless), then the id (the index's last column), so pages never repeat rows. */
function sortsOf(resource: AnyResource): SortAllowList<string> {
  const lead = (sort: string) => (resource.caseless?.includes(sort) ? sql`lower(${sql.ref(own(resource, sort))})` : sql.ref(own(resource, sort)));
  return Object.fromEntries(resource.sorts.map((sort) => [sort, [lead(sort), sql.ref(keyOf(resource))]]));
}

/** A list's page and count queries, built but not run (the index test reads their plans). */
export function listQueries(db: Db, resource: AnyResource, parentId: string, request: ListRequest) {
  let rows = scoped(selectRecord(db, resource), resource, parentId);
  if (request.q && resource.search?.length) {
    const columns = resource.search.map((field) => own(resource, field));
    rows = rows.where(searchAny(columns, request.q));
  }
  for (const filter of resource.filters ?? []) {
    const value = request[filter];
    if (value === undefined || value === '') continue;
    const join = joinedOf(resource)[filter];
    // A joined list: the records its join table holds the value for, through the table's value index.
    rows = join
      ? rows.where(keyOf(resource), 'in', declared(db).selectFrom(declaredTable(join.table)).select(join.key).where(join.value, '=', value))
      : rows.where(own(resource, filter), '=', typeof value === 'boolean' ? Number(value) : value);
  }
  return pageQueries(rows, request, sortsOf(resource));
}

export async function listRecords(db: Db, resource: AnyResource, parentId: string, request: ListRequest) {
  const page = await runPage(listQueries(db, resource, parentId, request), request);
  return { data: page.data.map((row) => toRecord(resource, row as Record<string, unknown>)), total: page.total };
}

export async function findRecord(db: Db, resource: AnyResource, parentId: string, id: string): Promise<Row | undefined> {
  const row = await scoped(selectRecord(db, resource), resource, parentId).where(keyOf(resource), '=', id).executeTakeFirst();
  return row ? toRecord(resource, row as Record<string, unknown>) : undefined;
}

/** The account a record of an account resource is in: its own account_id, or its parent row's (a page's setlist); undefined when there is no such record. */
export async function accountOfDeclared(db: Db, resource: AnyResource, id: string): Promise<string | undefined> {
  const { table, column } = parentOf(resource);
  const through = table && table !== 'accounts' && column ? declaredTable(table) : undefined;
  let query = declared(db).selectFrom(declaredTable(resource.table)) as SelectQueryBuilder<Record<string, Record<string, unknown>>, string, object>;
  if (through) query = query.innerJoin(through, `${through}.id`, own(resource, column!));
  // Under the account, the parent's column holds it (the account's own record is its own parent: its id).
  const accountColumn = through ? `${through}.accountId` : own(resource, column ?? 'accountId');
  const row = await query.select(`${accountColumn} as accountId`).where(keyOf(resource), '=', id).executeTakeFirst();
  return row?.accountId as string | undefined;
}

/** Whether the parent a path names is there (a platform resource's user; the guard has checked an account). */
export async function parentExists(db: Db, resource: AnyResource, parentId: string): Promise<boolean> {
  const { table } = parentOf(resource);
  return !table || !!(await declared(db).selectFrom(declaredTable(table)).select('id').where('id', '=', parentId).executeTakeFirst());
}

/** The resource's joined list fields, by field. */
const joinedOf = (resource: AnyResource): Record<string, { table: string; key: string; value: string }> =>
  (resource.joined ?? {}) as Record<string, { table: string; key: string; value: string }>;

/** Runs a record's writes and its joined lists' in one transaction: the caller's, or one of their own (none to open for a record alone). */
const atomically = <T>(db: Db, resource: AnyResource, writes: (trx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction || !resource.joined ? writes(db) : db.transaction().execute(writes);

/** Makes the join tables hold exactly the lists given (fields left out keep theirs). */
async function writeJoined(db: Db, resource: AnyResource, id: string, values: Record<string, unknown>): Promise<void> {
  for (const [field, join] of Object.entries(joinedOf(resource))) {
    if (!(field in values)) continue;
    const table = declaredTable(join.table);
    await declared(db).deleteFrom(table).where(join.key, '=', id).execute();
    const list = [...new Set((values[field] as string[] | null | undefined) ?? [])];
    if (list.length)
      await declared(db)
        .insertInto(table)
        .values(list.map((value) => ({ [join.key]: id, [join.value]: value })))
        .execute();
  }
}

/** Writes a new row under the parent (and its joined lists) and answers its id. */
export async function insertRecord(db: Db, resource: AnyResource, parentId: string, values: Record<string, unknown>): Promise<string> {
  const now = nowIso();
  const id = newId();
  const times = Object.fromEntries(
    recordFieldsOf(resource)
      .filter((key) => key !== 'id')
      .map((key) => [key, now]),
  );
  await atomically(db, resource, async (trx) => {
    await declared(trx)
      .insertInto(declaredTable(resource.table))
      .values({
        ...toColumns(resource, values),
        ...resource.only,
        id,
        ...Object.fromEntries(parentColumn(resource).map((column) => [column, parentId])),
        ...times,
      })
      .execute();
    await writeJoined(trx, resource, id, values);
  });
  return id;
}

/** Changes the fields given (and their joined lists); false when the parent has no such row. */
export async function updateRecord(db: Db, resource: AnyResource, parentId: string, id: string, values: Record<string, unknown>): Promise<boolean> {
  const touched = recordFieldsOf(resource).includes('updatedAt') ? { updatedAt: nowIso() } : {};
  return atomically(db, resource, async (trx) => {
    const update = declared(trx)
      .updateTable(declaredTable(resource.table))
      .set({ ...toColumns(resource, values), ...touched });
    const result = await scoped(update, resource, parentId).where(keyOf(resource), '=', id).executeTakeFirst();
    const updated = Number(result.numUpdatedRows) > 0;
    if (updated) await writeJoined(trx, resource, id, values);
    return updated;
  });
}

/** Writes several records in one transaction (a bulk action): every one, or none when one is gone. */
export async function updateRecords(
  db: Db,
  resource: AnyResource,
  parentId: string,
  writes: readonly { id: string; values: Record<string, unknown> }[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { id, values } of writes) if (!(await updateRecord(trx, resource, parentId, id, values))) throw new RecordGone(id);
  });
}

/** A record that was there when a bulk action checked it and gone when it wrote. */
export class RecordGone extends Error {
  constructor(readonly id: string) {
    super(`Record ${id} is gone`);
  }
}

/** True when the parent's row was there and is gone (with its joined lists). */
export async function deleteRecord(db: Db, resource: AnyResource, parentId: string, id: string): Promise<boolean> {
  return atomically(db, resource, async (trx) => {
    const result = await scoped(declared(trx).deleteFrom(declaredTable(resource.table)), resource, parentId)
      .where(keyOf(resource), '=', id)
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows) > 0;
    if (deleted)
      for (const join of Object.values(joinedOf(resource))) await declared(trx).deleteFrom(declaredTable(join.table)).where(join.key, '=', id).execute();
    return deleted;
  });
}
