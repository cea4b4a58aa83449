import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run new:resource <name> [--parent <resource>] [--action <name>]`: writes a declared
 * resource that works end to end — its declaration (shared/resources/<name>.ts), its strings
 * (<name>.messages.ts) and its migration (server/db/migrations, run because it is there) — and
 * lists the declaration in shared/resources/index.ts. `--parent pages` puts it under a page
 * (/api/pages/:id/<name>, its account found through the page); `--action publish` adds a record
 * action that sets its status, with a hook that refuses it twice (server/resources/<name>.ts,
 * listed in server/resources/behaviours.ts). The name is react-admin's: plural, lower case,
 * words joined by '-' ('fan-notes').
 */
export interface Scaffolded {
  written: string[];
  edited: string[];
}

export interface ScaffoldOptions {
  /** A table-backed parent: pages or uploads. */
  parent?: string;
  /** A record action's name, lower case ('publish'). */
  action?: string;
  now?: Date;
}

/** The parents a resource may be put under, with the 404 their path answers. */
const PARENTS: Record<string, { column: string; missing: string }> = {
  pages: { column: 'pageId', missing: 'page' },
  uploads: { column: 'uploadId', missing: 'upload' },
};

const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const pascal = (name: string) => camel(name).replace(/^\w/, (c) => c.toUpperCase());
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const words = (name: string) => name.replace(/-/g, ' ');
const capitalised = (text: string) => text.replace(/^\w/, (c) => c.toUpperCase());
/** The state an action leaves: publish -> published, archive -> archived. */
const done = (action: string) => (action.endsWith('e') ? `${action}d` : `${action}ed`);

/** The next migration stamp: now, or one minute after the newest migration if that is later. */
function nextStamp(migrationsDir: string, now: Date): string {
  const newest = fs
    .readdirSync(migrationsDir)
    .map((file) => /^(\d{14})-/.exec(file)?.[1])
    .filter((stamp): stamp is string => !!stamp)
    .sort()
    .at(-1);
  const asDate = (stamp: string) =>
    new Date(`${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:${stamp.slice(12, 14)}Z`);
  const at = newest && asDate(newest) >= now ? new Date(asDate(newest).getTime() + 60_000) : now;
  return at.toISOString().replace(/\D/g, '').slice(0, 14);
}

export function scaffold(name: string, root: string, { parent, action, now = new Date() }: ScaffoldOptions = {}): Scaffolded {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*s$/.test(name))
    throw new Error(`"${name}" is not a resource name: plural, lower case, words joined by '-' (e.g. venues, fan-notes)`);
  if (parent && !PARENTS[parent]) throw new Error(`--parent ${parent}: a resource goes under one of ${Object.keys(PARENTS).join(', ')}`);
  if (action && !/^[a-z]+$/.test(action)) throw new Error(`--action ${action}: one lower-case word (e.g. publish)`);
  const variable = camel(name);
  const table = name.replace(/-/g, '_');
  const singular = capitalised(words(name).replace(/s$/, ''));
  const resourcesDir = path.join(root, 'shared/resources');
  const migrationsDir = path.join(root, 'server/db/migrations');
  const behavioursDir = path.join(root, 'server/resources');
  const declarationFile = path.join(resourcesDir, `${name}.ts`);
  if (fs.existsSync(declarationFile)) throw new Error(`${path.relative(root, declarationFile)} exists already`);
  const migrationName = `${nextStamp(migrationsDir, now)}-${pascal(name)}`;
  const under = parent ? PARENTS[parent] : undefined;
  const parentColumn = under ? snake(under.column) : 'account_id';
  const parentTable = parent ?? 'accounts';
  const state = action && done(action);

  const declaration = [
    `  name: '${name}',`,
    `  table: '${table}',`,
    `  scope: 'account',`,
    ...(under ? [`  parent: { table: '${parent}', column: '${under.column}', path: '${parent}/:id/${name}', missing: '${under.missing}' },`] : []),
    `  fields: {`,
    `    name: requiredText(100),`,
    `    notes: optionalText(5000, { multiline: true }).optional(),`,
    ...(action ? [`    status: z.enum(['draft', '${state}']),`] : []),
    `  },`,
    ...(action
      ? [`  // Changed by '${action}' only.`, `  readOnly: ['status'],`, `  recordActions: { ${action}: { set: { status: '${state}' }, bulk: true } },`]
      : []),
    `  sorts: ['name', 'createdAt'],`,
    `  defaultSort: 'name',`,
    `  search: ['name'],`,
    `  access: { list: 'readonly', show: 'readonly', create: 'user', edit: 'user', delete: 'user'${action ? `, ${action}: 'user'` : ''} },`,
    `  menu: '${under ? 'none' : 'main'}',`,
  ].join('\n');

  const files: Record<string, string> = {
    [declarationFile]: `${action ? "import { z } from 'zod';\n" : ''}import { optionalText, requiredText } from '../domain/schemas/common';
import { defineResource } from './define';

/** ${capitalised(words(name))} of ${under ? `a ${under.missing}` : 'an account'}. */
export const ${variable} = defineResource({
${declaration}
});
`,
    [path.join(resourcesDir, `${name}.messages.ts`)]: `/** The strings of ${words(name)} (resources.${name}.*). */
export default {
  name: '${singular} |||| ${capitalised(words(name))}',
  fields: { name: 'Name', notes: 'Notes',${action ? ` status: 'Status',` : ''} createdAt: 'Created' },${
    action ? `\n  choices: { status: { draft: 'Draft', ${state}: '${capitalised(state!)}' } },\n  actions: { ${action}: '${capitalised(action)}' },` : ''
  }
};
`,
    [path.join(migrationsDir, `${migrationName}.ts`)]: `import type { Kysely } from 'kysely';

/** The ${words(name)} table (shared/resources/${name}.ts): under its ${parent ? under!.missing : 'account'}, an index per sort ending in the id. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('${table}')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('${parentColumn}', 'text', (c) => c.notNull().references('${parentTable}.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')${action ? `\n    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))` : ''}
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  for (const column of ['name', 'created_at']) {
    await db.schema.createIndex(\`${table}_${parentColumn.replace(/_id$/, '')}_\${column}_idx\`).on('${table}').columns(['${parentColumn}', column, 'id']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('${table}').execute();
}
`,
  };
  if (action) {
    files[path.join(behavioursDir, `${name}.ts`)] = `import { conflict } from '../errors';
import { defineBehaviour } from './behaviour';

/** What ${words(name)} do beyond storing their fields: '${action}' is refused when it is done already. */
export const ${variable}Behaviour = defineBehaviour({
  async beforeAction(_context, _action, record, values) {
    if (record.status === '${state}') throw conflict('app.server.alreadyDone');
    return values;
  },
});
`;
  }

  // The declarations' list (and the behaviours' one): an import above the list, the name in it.
  const edits: [string, (text: string) => string][] = [
    [path.join(resourcesDir, 'index.ts'), (text) => addToList(addImport(text, `import { ${variable} } from './${name}';`), /\n\];\s*$/, `  ${variable},`)],
  ];
  if (action) {
    edits.push([
      path.join(behavioursDir, 'behaviours.ts'),
      (text) => addToList(addImport(text, `import { ${variable}Behaviour } from './${name}';`), /\n\};\s*$/, `  '${name}': ${variable}Behaviour,`),
    ]);
  }
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

/** `<name> [--parent <resource>] [--action <name>]` from the command line. */
export function parseArguments(args: readonly string[]): { name?: string; parent?: string; action?: string } {
  const parsed: { name?: string; parent?: string; action?: string } = {};
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--parent' || args[i] === '--action') parsed[args[i].slice(2) as 'parent' | 'action'] = args[++i];
    else parsed.name ??= args[i];
  }
  return parsed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { name, parent, action } = parseArguments(process.argv.slice(2));
  if (!name) {
    console.error('Usage: npm run new:resource <name> [--parent pages|uploads] [--action <name>]   (plural, lower case: venues, fan-notes)');
    process.exit(1);
  }
  try {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const { written, edited } = scaffold(name, root, { parent, action });
    console.log(`Wrote ${written.join(', ')}\nListed it in ${edited.join(', ')}`);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
