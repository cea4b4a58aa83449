import fs from 'node:fs';

/**
 * A file of the console's build, kept in memory and read again when a build rewrites it: a
 * `vite build` while the server runs (the demo, a developer's) changes the asset names the HTML
 * points to, and a copy read once at start would point to files that are gone. A stat per
 * request is what this costs.
 */
export function builtFile(file: string): () => string {
  let cached: { mtimeMs: number; size: number; text: string } | undefined;
  return () => {
    const { mtimeMs, size } = fs.statSync(file);
    if (!cached || cached.mtimeMs !== mtimeMs || cached.size !== size) cached = { mtimeMs, size, text: fs.readFileSync(file, 'utf8') };
    return cached.text;
  };
}
