import fs from 'node:fs';

/**
 * The closing line of `npm test`: every suite's counts added up from the reporters' JSON
 * (.tmp/results), printed as 'N passed, N failed' so CI logs end with one plain figure.
 */
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

function read<T>(file: string): T | undefined {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : undefined;
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const suite of ['unit', 'server']) {
  const report = read<VitestReport>(`.tmp/results/${suite}.json`);
  if (!report) continue;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests;
}
const e2e = read<PlaywrightReport>('.tmp/results/e2e.json');
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
