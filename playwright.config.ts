import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the real server on a temporary database
 * with the demo seed. E2E_DATA_DIR is where the server writes its outbox; E2E_PORT and
 * E2E_STATIC_DIR (a vite build --outDir) let several runs share a machine.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
/** A local Dropbox (tests/e2e/fakeDropboxServer.ts) the app's Dropbox integration talks to. */
const dropboxPort = port + 1000;
const dropboxUrl = `http://127.0.0.1:${dropboxPort}`;
export const e2eDataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e');
/** A data folder already holding the demo (scripts/e2eDemo.ts, made by `npm test`): the server starts from a copy. */
const demoTemplate = process.env.E2E_DEMO_TEMPLATE ? path.resolve(process.env.E2E_DEMO_TEMPLATE) : undefined;
process.env.E2E_DATA_DIR = e2eDataDir;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.tmp/results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: [
    {
      command: 'tsx tests/e2e/fakeDropboxServer.ts',
      url: `${dropboxUrl}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { E2E_DROPBOX_PORT: String(dropboxPort), E2E_DATA_DIR: e2eDataDir },
    },
    {
      command: `rm -rf "${e2eDataDir}" && ${demoTemplate ? `cp -a "${demoTemplate}" "${e2eDataDir}" && ` : ''}tsx server/main.ts --demo`,
      url: `http://localhost:${port}/api/docs`,
      reuseExistingServer: false,
      // Without a template the demo's content is made at start (clips encoded by the media
      // pipeline): seconds on an idle machine, a minute or more on a machine shared by many runs.
      timeout: 240_000,
      env: {
        PORT: String(port),
        DATA_DIR: e2eDataDir,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '1000',
        STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
        DROPBOX_APP_KEY: 'e2e-app-key',
        DROPBOX_API_URL: dropboxUrl,
        DROPBOX_CONTENT_URL: dropboxUrl,
        DROPBOX_AUTHORIZE_URL: `${dropboxUrl}/oauth2/authorize`,
        // The webhook card's e2e test receives on a loopback http endpoint (tests/e2e/account-settings.spec.ts).
        WEBHOOKS_ALLOW_LOCAL: 'true',
      },
    },
  ],
});
