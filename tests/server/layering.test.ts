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
    const offenders = sources('server').flatMap((file) => staticImports(file).filter((target) => /(^|\/)scripts\//.test(target)).map((target) => `${file} -> ${target}`));
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
  /** Kysely's statement builders, and raw SQL run against a database. */
  const STATEMENT = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`[^`]*`\s*\.execute\(/;

  it('runs no Kysely statement outside server/db (services and routes call repositories)', () => {
    const offenders = sources('server')
      .filter((file) => !file.startsWith(path.join('server', 'db')))
      .flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) => (STATEMENT.test(line) && !line.trim().startsWith('//') && !line.trim().startsWith('*') ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});
