import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The JavaScript capture.html loads (its module script and the chunks it preloads), gzip-sized. */
export function captureScriptSizes(staticDir: string): { file: string; bytes: number; gzip: number }[] {
  const html = fs.readFileSync(path.join(staticDir, 'capture.html'), 'utf8');
  const urls = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"|<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
  return urls.map((url) => {
    const content = fs.readFileSync(path.join(staticDir, url));
    return { file: url, bytes: content.length, gzip: gzipSync(content).length };
  });
}
