import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';

/**
 * Encodes yield the CPU to the web process: on a shared box with one worker and a full backlog,
 * fans opening the capture page must not wait behind ffmpeg. coreutils' nice sets the niceness
 * and execs the tool, so every thread ffmpeg starts has it (os.setPriority after spawning would
 * race the encoder's threads, which Linux gives the niceness of the thread that starts them).
 */
export const MEDIA_NICENESS = 10;

/**
 * What can wait for a fan's first look (a webm, a full-quality mp4, a fingerprint, a reel) yields
 * to it too: its job runs on a slot beside a first look's, and on two cores the encode a staff
 * member waits for must not share a core evenly with one nobody does.
 */
export const BACKGROUND_NICENESS = 19;

const background = new AsyncLocalStorage<true>();

/** Runs `work` with every tool it starts at BACKGROUND_NICENESS. */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

let nice: string | null | undefined;

/** The command line that runs `file args` at MEDIA_NICENESS (BACKGROUND_NICENESS in background work), where coreutils' nice exists. */
export function atLowPriority(file: string, args: string[]): [string, string[]] {
  nice ??= process.platform === 'win32' ? null : (['/usr/bin/nice', '/bin/nice'].find((candidate) => fs.existsSync(candidate)) ?? null);
  const niceness = background.getStore() ? BACKGROUND_NICENESS : MEDIA_NICENESS;
  return nice ? [nice, ['-n', String(niceness), file, ...args]] : [file, args];
}
