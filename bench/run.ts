import { benchAuthContext } from './authContext';
import { benchMedia } from './media';
import { benchQueue } from './queue';

/** `npm run bench`: every benchmark, one after the other (they share two cores). */
const benchmarks: [string, () => Promise<void>][] = [
  ['auth-context', benchAuthContext],
  ['queue', benchQueue],
  ['media', benchMedia],
];

const only = process.argv[2];
for (const [name, run] of benchmarks) {
  if (!only || only === name) await run();
}
