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
