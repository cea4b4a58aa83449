/**
 * The V8 flags the server and worker processes run with: package.json's start, demo, worker and
 * dev:server scripts pass them to node (tests/unit/node-flags.test.ts keeps them in step), and
 * `npm run bench` starts each benchmark's process with them, so it measures the server as it runs.
 *
 * --heap-growing-percent=100: after an old-space collection the next one is due when the heap has
 * doubled. V8's own factor (Node 20) falls to 1.1 when little is promoted, which is our steady
 * state (a list call leaves ~0.1 KB in the old space), and with a young generation of 16 MB the
 * room left was then always less than V8's threshold for starting to mark: under load the server
 * marked and collected its old space every 1.5 s, back to back (20-30 times in 80 s of the uploads
 * bench, 3-5 ms pauses and steps on the calls), where it now does so about once a minute. The cost
 * is memory: the heap grows to twice its live size (~50 MB) before it is collected.
 */
export const SERVER_NODE_FLAGS = ['--heap-growing-percent=100'] as const;
