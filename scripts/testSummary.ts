import fs from 'node:fs';

/**
 * The closing lines of `npm test`: every suite's counts added up from the reporters' JSON
 * (.tmp/results), printed as 'N passed, N failed' so CI logs end with one plain figure, after
 * the name and first error line of each failed test, so a log's tail alone says what failed.
 */
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
}
interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    line: number;
    file: string;
    tests: { status: string; results: { error?: { message?: string } }[] }[];
  }[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
}

function read<T>(file: string): T | undefined {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : undefined;
}

// eslint-disable-next-line no-control-regex -- the reporters' messages carry ANSI colours
const ANSI_COLOUR = /\u001b\[[0-9;]*m/g;
const firstLine = (message = '') => message.replace(ANSI_COLOUR, '').trim().split('\n')[0].slice(0, 300);
const relative = (file: string) => file.replace(`${process.cwd()}/`, '');

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];
for (const suite of ['unit', 'server']) {
  const report = read<VitestReport>(`.tmp/results/${suite}.json`);
  if (!report) continue;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests;
  for (const file of report.testResults) {
    const testFailed = file.assertionResults.some(({ status }) => status === 'failed');
    // A failed hook fails its file but reports its tests as skipped, with no message in the JSON:
    // the file is named so the log's tail says where to look.
    if (file.status === 'failed' && !testFailed) {
      failures.push(
        `${suite}: ${relative(file.name)}: ${firstLine(file.message) || 'a hook failed (its tests are reported as skipped); its error is in the log above'}`,
      );
      failed += 1;
    }
    for (const test of file.assertionResults.filter(({ status }) => status === 'failed')) {
      failures.push(`${suite}: ${relative(file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
}

function e2eFailures(suite: PlaywrightSuite): void {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests.filter(({ status }) => status === 'unexpected')) {
      const error = test.results.at(-1)?.error?.message;
      failures.push(`e2e: ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
    }
  }
  suite.suites?.forEach(e2eFailures);
}
const e2e = read<PlaywrightReport>('.tmp/results/e2e.json');
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
  e2e.suites.forEach(e2eFailures);
}
if (failures.length) console.log(`Failed:\n${failures.map((line) => `  ✘ ${line}`).join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
