import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .ts file under a folder, as paths relative to the project. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The static imports of a file (`import ... from '...'` and `export ... from '...'`), not `await import()`. */
const staticImports = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+'([^']+)'/gms)].map((m) => m[1]);

describe('the server’s layers', () => {
  it('never loads the demo seed or other scripts in a production process (the demo imports its seed on demand)', () => {
    const offenders = sources('server').flatMap((file) =>
      staticImports(file)
        .filter((target) => /(^|\/)scripts\//.test(target))
        .map((target) => `${file} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });
});

/** The folder an import lands in, from the importing file (relative imports only; `#shared/...` is the kernel). */
const targetOf = (file: string, target: string) => (target.startsWith('.') ? path.normalize(path.join(path.dirname(file), target)) : target);

describe('the shared kernel and the server’s layers', () => {
  it('the server reaches the browser’s code only through the shared kernel (#shared), never into src/', () => {
    const offenders = sources('server').flatMap((file) =>
      staticImports(file)
        .filter((target) => targetOf(file, target).startsWith('src/'))
        .map((target) => `${file} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the kernel imports nothing of either side', () => {
    const offenders = sources('shared').flatMap((file) =>
      staticImports(file)
        .filter((target) => /^(src|server)\//.test(targetOf(file, target)))
        .map((target) => `${file} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('adapters, files, db and http helpers never import services (services call down into them)', () => {
    const lower = ['server/adapters', 'server/files', 'server/db', 'server/http'];
    const offenders = lower.flatMap((dir) =>
      sources(dir).flatMap((file) =>
        staticImports(file)
          .filter((target) => targetOf(file, target).startsWith('server/services/'))
          .map((target) => `${file} -> ${target}`),
      ),
    );
    expect(offenders).toEqual([]);
  });
});

describe('SQL lives in repositories', () => {
  /** Kysely's statement builders: a call of one (naming one as a type, `Pick<Db, 'selectFrom'>`, is no statement). */
  const BUILDER = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(/g;
  /** Raw SQL: a `` sql`...` `` template or a `sql.raw(...)`, which is a statement when `.execute` follows it. */
  const RAW = /\bsql(?:<[^>]*>)?(`)|\bsql\s*\.raw(\()/g;
  /** Where statements may not be: every source of the product, its scripts and benchmarks, but the database layer. */
  const SCANNED = ['server', 'scripts', 'bench', 'shared', 'src'];
  const DATABASE_LAYER = path.join('server', 'db') + path.sep;

  /** Every .ts and .tsx file under a folder. */
  const allSources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : allSources(full);
      return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
    });

  /**
   * Where the bracket or template opened at `start` closes (the index after it), over nested
   * brackets, quotes and templates with `${...}`: raw SQL spans lines and holds both.
   */
  function closing(text: string, start: number): number {
    const open = text[start];
    const close = open === '`' ? '`' : open === '(' ? ')' : '}';
    let depth = 0;
    for (let at = start; at < text.length; at++) {
      const char = text[at];
      if (char === '\\') at++;
      else if (open === '`') {
        if (char === '`' && at > start) return at + 1;
        if (char === '$' && text[at + 1] === '{') at = closing(text, at + 1) - 1;
      } else if (char === '`' || ((char === "'" || char === '"') && at > start)) {
        if (char === '`') at = closing(text, at) - 1;
        else at = text.indexOf(char, at + 1);
        if (at < 0) return text.length;
      } else if (char === open) depth++;
      else if (char === close && --depth === 0) return at + 1;
    }
    return text.length;
  }

  /** The statements of a file's text, as `file:line: text`, not in a comment. */
  function statementsIn(file: string, text: string): string[] {
    const builders = [...text.matchAll(BUILDER)].map((match) => match.index);
    const raw = [...text.matchAll(RAW)]
      .filter((match) => /^\s*\.execute/.test(text.slice(closing(text, match.index + match[0].length - 1))))
      .map((match) => match.index);
    const lines = text.split('\n');
    return [...builders, ...raw]
      .sort((a, b) => a - b)
      .flatMap((index) => {
        const line = text.slice(0, index).split('\n').length;
        const trimmed = lines[line - 1].trim();
        return trimmed.startsWith('//') || trimmed.startsWith('*') ? [] : [`${file}:${line}: ${trimmed}`];
      });
  }

  it('finds the statements it looks for (the pattern itself)', () => {
    const text = [
      "db.selectFrom('users')",
      '  .insertInto(table)',
      'await sql`ANALYZE`.execute(db);',
      'await sql',
      '  .raw(`VACUUM ${names.map((name) => `"${name}"`).join(", ")}`)',
      '  .execute(db);',
      'run(() => sql`SELECT ${`${day}T00:00`}`.execute(db));',
      "// db.updateTable('pages')",
      "type Executor = Pick<Db, 'updateTable'>;",
      'const order = sql`lower(${column})`;',
    ].join('\n');
    expect(statementsIn('example.ts', text)).toEqual([
      "example.ts:1: db.selectFrom('users')",
      'example.ts:2: .insertInto(table)',
      'example.ts:3: await sql`ANALYZE`.execute(db);',
      'example.ts:4: await sql',
      'example.ts:7: run(() => sql`SELECT ${`${day}T00:00`}`.execute(db));',
    ]);
  });

  it('runs no Kysely statement outside server/db: not in services, routes, the kernel, the console, scripts or benchmarks', () => {
    const offenders = SCANNED.flatMap((dir) => allSources(dir))
      .filter((file) => !file.startsWith(DATABASE_LAYER))
      .flatMap((file) => statementsIn(file, fs.readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

/** Every code file (.ts, .tsx) under a folder, as paths relative to the project. */
function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? codeFiles(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('file names', () => {
  it('are camelCase (PascalCase for a React component); a declared resource’s files carry its name, as its URL does', () => {
    const resourceFolders = ['shared/resources', 'server/resources', 'tests/fixtures/resources'];
    const offenders = ['src', 'server', 'shared', 'scripts', 'bench', 'tests']
      .flatMap(codeFiles)
      // A migration is named by its time and what it does, in the order it runs.
      .filter((file) => !file.includes(`${path.sep}migrations${path.sep}`))
      .filter((file) => {
        const stem = path.basename(file).split('.')[0];
        if (/^[a-zA-Z][a-zA-Z0-9]*$/.test(stem)) return false;
        return !(resourceFolders.includes(path.dirname(file)) && /^[a-z][a-z0-9]*(-[a-z0-9]+)+$/.test(stem));
      });
    expect(offenders).toEqual([]);
  });
});
