import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';

/** Gzip bytes of the JavaScript a first visit loads: the entry script and its modulepreloads. */
function initialJsGzip(outDir: string, html = 'index.html'): number {
  const page = fs.readFileSync(path.join(outDir, html), 'utf8');
  const scripts = [...page.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((match) => match[1]);
  return scripts.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length, 0);
}

async function buildInto(root: string, outDir: string): Promise<void> {
  await build({ root, configFile: false, logLevel: 'silent', plugins: [react()], build: { outDir, emptyOutDir: true } });
}

/**
 * The console's initial JavaScript against a minimal react-admin app (one resource, one list)
 * built by the same Vite in the same run: the ratio says what our first load costs beyond
 * the framework.
 */
export async function benchBundleSize(): Promise<void> {
  const out = path.resolve('.tmp/bench-bundle');
  await buildInto(path.resolve('bench/minimal-admin'), path.join(out, 'minimal'));
  await build({ logLevel: 'silent', build: { outDir: path.join(out, 'console'), emptyOutDir: true } });
  const minimal = initialJsGzip(path.join(out, 'minimal'));
  const consoleJs = initialJsGzip(path.join(out, 'console'));
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('\nConsole initial JavaScript vs minimal react-admin (gzip, same Vite, same run)');
  console.log(`  minimal react-admin app   ${kb(minimal)}`);
  console.log(`  console (first load)      ${kb(consoleJs)}`);
  console.log(`  ratio console/minimal: ${(consoleJs / minimal).toFixed(2)}`);
}
