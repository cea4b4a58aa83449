import { benchAuthContext } from './authContext';
import { benchBundleSize } from './bundleSize';

/** `npm run bench`: every benchmark, one after the other (they share two cores). */
const benchmarks: [string, () => Promise<void>][] = [
  ['auth-context', benchAuthContext],
  ['bundle-size', benchBundleSize],
];

const only = process.argv[2];
for (const [name, run] of benchmarks) {
  if (!only || only === name) await run();
}
