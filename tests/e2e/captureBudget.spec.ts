import path from 'node:path';
import { expect, test } from '@playwright/test';
import { captureScriptSizes } from '../../bench/captureScripts';

/**
 * The capture page's JavaScript budget: what capture.html loads
 * (its module script and the chunks it preloads) stays at 80 KB of gzip or less. Reads the build
 * the end-to-end server serves; no browser.
 */
const BUDGET_KB = 80;

test('the capture page loads at most 80 KB of gzip JavaScript', () => {
  const staticDir = path.resolve(process.env.E2E_STATIC_DIR ?? 'dist');
  const sizes = captureScriptSizes(staticDir);
  expect(sizes.length).toBeGreaterThan(0);
  const totalKb = sizes.reduce((sum, size) => sum + size.gzip, 0) / 1024;
  expect(totalKb, sizes.map((size) => `${size.file} ${(size.gzip / 1024).toFixed(1)} KB`).join(', ')).toBeLessThanOrEqual(BUDGET_KB);
});
