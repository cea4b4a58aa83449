import fs from 'node:fs';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * tsx runs our TypeScript transformed onto one line, so a CPU profile's frames in it all say line
 * 1. Its cache (where tsx keeps each transform with its source map, os.tmpdir()/tsx-<uid>) gives
 * the line back: answers a frame's 1-based source line from its file and generated position, or
 * undefined when the cache holds no transform of that file.
 */
export function tsxSourceLines(): (file: string, line: number, column: number) => number | undefined {
  const maps = new Map<string, SourceMap>();
  let loaded = false;
  const load = () => {
    loaded = true;
    const dir = path.join(os.tmpdir(), `tsx-${os.userInfo().uid}`);
    const entries = fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile()) : [];
    // Oldest first, so the newest transform of a file (the one the profiled run used) is the one kept.
    const files = entries.map((entry) => path.join(dir, entry.name)).sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs);
    for (const file of files) {
      try {
        const { map } = JSON.parse(fs.readFileSync(file, 'utf8')) as { map?: { sources?: string[] } };
        const source = map?.sources?.[0];
        if (source) maps.set(source, new SourceMap(map as ConstructorParameters<typeof SourceMap>[0]));
      } catch {
        // Not a transform of ours (tsx keeps other files there too).
      }
    }
  };
  return (file, line, column) => {
    if (!loaded) load();
    const entry = maps.get(file)?.findEntry(line, column);
    return entry && 'originalLine' in entry ? entry.originalLine + 1 : undefined;
  };
}
