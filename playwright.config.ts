import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

type WebServer = NonNullable<PlaywrightTestConfig['webServer']> extends (infer S)[] | infer S ? S : never;

/**
 * End-to-end tests in Debian's Chromium against the real server on a temporary database
 * with the demo seed. E2E_DATA_DIR is where the server writes its outbox; E2E_PORT and
 * E2E_STATIC_DIR (a vite build --outDir) let several runs share a machine.
 *
 * E2E_WORKERS (default 1) runs that many spec files at once, each worker against its own
 * server, database and fake Dropbox (ports E2E_PORT + n, data folder E2E_DATA_DIR-n), so no
 * spec sees another's changes. On a two-core machine two workers gained only about 15% (the
 * browser alone keeps both cores busy), so npm test runs one.
 */
// The main process reads the inputs once; workers (which load this file again) inherit them.
process.env.E2E_BASE_PORT ??= process.env.E2E_PORT ?? '3210';
process.env.E2E_BASE_DATA_DIR ??= path.resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e');
const basePort = Number(process.env.E2E_BASE_PORT);
const baseDataDir = process.env.E2E_BASE_DATA_DIR;
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));

/** Worker n's server: its port, data folder and local Dropbox (tests/e2e/fakeDropboxServer.ts). */
function slot(n: number) {
  const port = basePort + n;
  const dropboxPort = port + 1000;
  return { port, dataDir: n === 0 ? baseDataDir : `${baseDataDir}-${n}`, dropboxPort, dropboxUrl: `http://127.0.0.1:${dropboxPort}` };
}
/** This worker's server (TEST_PARALLEL_INDEX is set in worker processes; the main process is slot 0). */
const mine = slot(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const e2eDataDir = mine.dataDir;
process.env.E2E_DATA_DIR = mine.dataDir;
process.env.E2E_PORT = String(mine.port);
/**
 * Debian's chromium-headless-shell when installed (.ci/run installs it): Chromium's old headless
 * mode, which took half the CPU and wall time of the full browser's headless mode per console
 * load here (1.7 s against 3.1 s). Else Debian's Chromium.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
/** A data folder already holding the demo (scripts/e2eDemo.ts, made by `npm test`): each server starts from a copy. */
const demoTemplate = process.env.E2E_DEMO_TEMPLATE ? path.resolve(process.env.E2E_DEMO_TEMPLATE) : undefined;

function servers(n: number): WebServer[] {
  const { port, dataDir, dropboxPort, dropboxUrl } = slot(n);
  return [
    {
      command: 'tsx tests/e2e/fakeDropboxServer.ts',
      url: `${dropboxUrl}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { E2E_DROPBOX_PORT: String(dropboxPort), E2E_DATA_DIR: dataDir },
    },
    {
      command: `rm -rf "${dataDir}" && ${demoTemplate ? `cp -a "${demoTemplate}" "${dataDir}" && ` : ''}tsx server/main.ts --demo`,
      url: `http://localhost:${port}/api/docs`,
      reuseExistingServer: false,
      // Without a template the demo's content is made at start (clips encoded by the media
      // pipeline): seconds on an idle machine, a minute or more on a machine shared by many runs.
      timeout: 240_000,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '1000',
        STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
        DROPBOX_APP_KEY: 'e2e-app-key',
        DROPBOX_API_URL: dropboxUrl,
        DROPBOX_CONTENT_URL: dropboxUrl,
        DROPBOX_AUTHORIZE_URL: `${dropboxUrl}/oauth2/authorize`,
        // The webhook card's e2e test receives on a loopback http endpoint (tests/e2e/accountSettings.spec.ts).
        WEBHOOKS_ALLOW_LOCAL: 'true',
        // A reel's render is the longest wait of the walks; its compression and size are not what
        // they check (a draft at a sixteenth of the pixels, as the server tests render).
        REEL_PRESET: 'ultrafast',
        REEL_SCALE: '0.25',
      },
    },
  ];
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.tmp/results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${mine.port}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: Array.from({ length: workers }, (_, n) => servers(n)).flat(),
});
