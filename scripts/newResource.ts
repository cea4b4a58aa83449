import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run new:resource <name>` (issue 31): writes a declared resource that works end to end —
 * its declaration (shared/resources/<name>.ts), its strings (<name>.messages.ts) and its
 * migration (server/db/migrations, run because it is there) — and lists the declaration in
 * shared/resources/index.ts. The name is react-admin's: plural, lower case, words joined by '-' ('fan-notes').
 */
export interface Scaffolded {
  written: string[];
  edited: string[];
}

const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const pascal = (name: string) => camel(name).replace(/^\w/, (c) => c.toUpperCase());
const words = (name: string) => name.replace(/-/g, ' ');
const capitalised = (text: string) => text.replace(/^\w/, (c) => c.toUpperCase());

/** The next migration stamp: now, or one minute after the newest migration if that is later. */
function nextStamp(migrationsDir: string, now: Date): string {
  const newest = fs
    .readdirSync(migrationsDir)
    .map((file) => /^(\d{14})-/.exec(file)?.[1])
    .filter((stamp): stamp is string => !!stamp)
    .sort()
    .at(-1);
  const asDate = (stamp: string) => new Date(`${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:${stamp.slice(12, 14)}Z`);
  const at = newest && asDate(newest) >= now ? new Date(asDate(newest).getTime() + 60_000) : now;
  return at.toISOString().replace(/\D/g, '').slice(0, 14);
}

export function scaffold(name: string, root: string, now = new Date()): Scaffolded {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*s$/.test(name)) throw new Error(`"${name}" is not a resource name: plural, lower case, words joined by '-' (e.g. venues, fan-notes)`);
  const variable = camel(name);
  const table = name.replace(/-/g, '_');
  const singular = capitalised(words(name).replace(/s$/, ''));
  const resourcesDir = path.join(root, 'shared/resources');
  const migrationsDir = path.join(root, 'server/db/migrations');
  const declarationFile = path.join(resourcesDir, `${name}.ts`);
  if (fs.existsSync(declarationFile)) throw new Error(`${path.relative(root, declarationFile)} exists already`);
  const migrationName = `${nextStamp(migrationsDir, now)}-${pascal(name)}`;

  const files: Record<string, string> = {
    [declarationFile]: `import { optionalText, requiredText } from '../domain/schemas/common';
import { defineResource } from './define';

/** ${capitalised(words(name))} of an account. */
export const ${variable} = defineResource({
  name: '${name}',
  table: '${table}',
  scope: 'account',
  fields: {
    name: requiredText(100),
    notes: optionalText(5000, { multiline: true }).optional(),
  },
  sorts: ['name', 'createdAt'],
  defaultSort: 'name',
  search: ['name'],
  access: { list: 'readonly', show: 'readonly', create: 'user', edit: 'user', delete: 'user' },
  menu: 'main',
});
`,
    [path.join(resourcesDir, `${name}.messages.ts`)]: `/** The strings of ${words(name)} (resources.${name}.*). */
export default {
  name: '${singular} |||| ${capitalised(words(name))}',
  fields: { name: 'Name', notes: 'Notes', createdAt: 'Created' },
};
`,
    [path.join(migrationsDir, `${migrationName}.ts`)]: `import type { Kysely } from 'kysely';

/** The ${words(name)} table (shared/resources/${name}.ts): account scoped, an index per sort ending in the id. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('${table}')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  for (const column of ['name', 'created_at']) {
    await db.schema.createIndex(\`${table}_account_\${column}_idx\`).on('${table}').columns(['account_id', column, 'id']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('${table}').execute();
}
`,
  };

  // The declarations' list: an import above the list, the name in it.
  const resourcesIndex = path.join(resourcesDir, 'index.ts');
  const edits: [string, (text: string) => string][] = [
    [resourcesIndex, (text) => addToList(addImport(text, `import { ${variable} } from './${name}';`), /\n\];\s*$/, `  ${variable},`)],
  ];
  const edited = edits.map(([file, edit]) => [file, edit(fs.readFileSync(file, 'utf8'))] as const);
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(file, text);
  for (const [file, text] of edited) fs.writeFileSync(file, text);
  return { written: Object.keys(files).map((file) => path.relative(root, file)), edited: edited.map(([file]) => path.relative(root, file)) };
}

function addImport(text: string, line: string): string {
  const imports = [...text.matchAll(/^import .*;$/gm)];
  const last = imports.at(-1);
  if (!last) return `${line}\n${text}`;
  const end = last.index + last[0].length;
  return `${text.slice(0, end)}\n${line}${text.slice(end)}`;
}

function addToList(text: string, closing: RegExp, line: string): string {
  const match = closing.exec(text);
  if (!match) throw new Error(`no list end (${closing}) to add "${line}" to`);
  return `${text.slice(0, match.index)}\n${line}${text.slice(match.index)}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const name = process.argv[2];
  if (!name) {
    console.error('Usage: npm run new:resource <name>   (plural, lower case: venues, fan-notes)');
    process.exit(1);
  }
  try {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const { written, edited } = scaffold(name, root);
    console.log(`Wrote ${written.join(', ')}\nListed it in ${edited.join(', ')}`);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
