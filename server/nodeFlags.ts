/**
 * The V8 flags the worker and (with more, below) the server run with: package.json's worker, and
 * its start, demo and dev:server scripts pass them to node (tests/unit/node-flags.test.ts keeps them
 * in step), and `npm run bench` starts each benchmark's process with the server's, so it measures
 * the server as it runs.
 *
 * --heap-growing-percent=100: after an old-space collection the next one is due when the heap has
 * doubled. V8's own factor (Node 20) falls to 1.1 when little is promoted, which is our steady
 * state (a list call leaves ~0.1 KB in the old space), and with a young generation of 16 MB the
 * room left was then always less than V8's threshold for starting to mark: under load the server
 * marked and collected its old space every 1.5 s, back to back (20-30 times in 80 s of the uploads
 * bench, 3-5 ms pauses and steps on the calls), where it now does so about once a minute. The cost
 * is memory: the heap grows to twice its live size (~50 MB) before it is collected.
 */
export const WORKER_NODE_FLAGS = ['--heap-growing-percent=100'] as const;

/**
 * The server's: the worker's, and a young generation of 2 × 64 MB, fixed (--min- and
 * --max-semi-space-size=64), where Node 20's grows up to 2 × 16 MB.
 *
 * A list call allocates ~250 KB that dies young (rows, cards, their JSON). With 16 MB semi-spaces
 * a young collection (a scavenge, ~0.8 ms) fell on 1.9% of list calls, more than the 1% a p99
 * leaves out, so every list's p99 was its median plus a scavenge; with 64 MB, on 0.5% (each ~1.5
 * ms): the uploads bench's 30 slowest calls of 3000 have the ~14 scavenges among them, and the
 * rest of them are the machine's. The size is fixed because V8 shrinks the young generation at
 * each memory-reducing collection, which its memory reducer runs when there has been no old-space
 * collection for 100 s (the server's usual state under load, see above), and grows it back only
 * over minutes: in the uploads bench, scavenges fell on twice as many calls for 100 s after each.
 * The cost is resident memory: the server's is ~390 MB where it was ~235, from the start (the
 * demo server restarted on its data, idle, and the same under the bench's load). The worker answers
 * no requests and keeps V8's default.
 */
export const SERVER_NODE_FLAGS = [...WORKER_NODE_FLAGS, '--min-semi-space-size=64', '--max-semi-space-size=64'] as const;
