import fs from 'node:fs';

/**
 * Encodes yield the CPU to the web process: on a shared box with one worker and a full backlog,
 * fans opening the capture page must not wait behind ffmpeg. coreutils' nice sets the niceness
 * and execs the tool, so every thread ffmpeg starts has it (os.setPriority after spawning would
 * race the encoder's threads, which Linux gives the niceness of the thread that starts them).
 */
export const MEDIA_NICENESS = 10;

let nice: string | null | undefined;

/** The command line that runs `file args` at MEDIA_NICENESS, where coreutils' nice exists. */
export function atLowPriority(file: string, args: string[]): [string, string[]] {
  nice ??= process.platform === 'win32' ? null : (['/usr/bin/nice', '/bin/nice'].find((candidate) => fs.existsSync(candidate)) ?? null);
  return nice ? [nice, ['-n', String(MEDIA_NICENESS), file, ...args]] : [file, args];
}
