import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type Db } from '../../server/db';
import { freshDb, testDatabases } from './helpers';
import { resources } from '#shared/resources/index';
import { parentOf, recordFieldsOf, referenceTable } from '#shared/resources/define';
import { readsOwnRepository } from '../../server/resources/behaviours';

/**
 * server/db/types.ts is written by hand, so a test holds it to the migrated schema: every table
 * and column it names exists, every column the migrations make is named (both databases), and a
 * column that may be null is typed with null, and only such a column (PostgreSQL).
 */
interface TypedColumn {
  name: string;
  nullable: boolean;
}

/** The `Database` interface of types.ts: each table (as Kysely names it) and its row type's columns. */
function typedTables(): Map<string, TypedColumn[]> {
  const file = path.resolve(import.meta.dirname, '../../server/db/types.ts');
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const columnsOf = (name: string): TypedColumn[] =>
    interfaces
      .get(name)!
      .members.filter(ts.isPropertySignature)
      .map((member) => ({ name: member.name.getText(source), nullable: /\bnull\b/.test(member.type!.getText(source)) }));
  const tables = new Map<string, TypedColumn[]>();
  for (const member of interfaces.get('Database')!.members.filter(ts.isPropertySignature)) {
    tables.set(member.name.getText(source), columnsOf(member.type!.getText(source)));
  }
  return tables;
}

const camel = (name: string) => name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

describe.each(testDatabases)('server/db/types.ts against the migrated schema on $name', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
    await migrate(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await drop?.();
  });

  it('names every table and column the migrations make, as nullable as the column is', async () => {
    const migrated = new Map(
      (await db.introspection.getTables()).map((table) => [
        camel(table.name),
        table.columns.map((column) => ({ name: camel(column.name), nullable: column.isNullable })),
      ]),
    );
    const typed = typedTables();
    // SQLite lets a text primary key hold null unless its migration says NOT NULL, so nullability is
    // held to PostgreSQL's schema, which refuses null in any primary key; names to both.
    const nullability = kind.name === 'postgres';
    const describe = (tables: Map<string, TypedColumn[]>) =>
      Object.fromEntries(
        [...tables]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([table, columns]) => [table, columns.map((c) => `${c.name}${nullability && c.nullable ? '?' : ''}`).sort()]),
      );
    expect(describe(typed)).toEqual(describe(migrated));
  });
});

/**
 * The declared repository reads and writes tables it knows by name at run time only, so this
 * holds each product declaration to the same typed schema: its table, the columns of its fields,
 * record fields, parent and key, and each reference's table and columns. A resource whose
 * behaviour reads through a repository of its own (account users through their user) is held to
 * its table, parent and key only.
 */
describe('the product declarations against server/db/types.ts', () => {
  it('name only tables and columns the Database types have', () => {
    const typed = typedTables();
    const problems: string[] = [];
    const expectColumns = (where: string, table: string, columns: readonly string[]) => {
      const known = typed.get(table)?.map((column) => column.name);
      if (!known) return problems.push(`${where}: no table ${table}`);
      for (const column of columns) if (!known.includes(column)) problems.push(`${where}: ${table} has no column ${column}`);
    };
    for (const resource of resources) {
      const table = camel(resource.table);
      const parent = parentOf(resource);
      const own = [...(parent.column ? [parent.column] : []), resource.key ?? 'id'];
      const generic = !readsOwnRepository(resource);
      const read = generic
        ? [...recordFieldsOf(resource), ...Object.keys(resource.fields), ...Object.values(resource.references ?? {}).map((reference) => reference.column)]
        : [];
      expectColumns(resource.name, table, [...own, ...read]);
      if (parent.table) expectColumns(`${resource.name}'s parent`, parent.table, ['id']);
      for (const [key, reference] of Object.entries(resource.references ?? {}))
        expectColumns(`${resource.name}.${key}`, camel(referenceTable(reference)), ['id', ...reference.fields]);
    }
    expect(problems).toEqual([]);
  });
});
