import { execFile } from 'node:child_process';

const known = new Map<string, Promise<ReadonlySet<string>>>();

/** The filters this ffmpeg has (`ffmpeg -filters`), read once per binary: builds differ (blurdetect came in 5.1). */
export function filtersOf(ffmpeg: string): Promise<ReadonlySet<string>> {
  let filters = known.get(ffmpeg);
  if (!filters) {
    filters = new Promise((resolve) =>
      execFile(ffmpeg, ['-hide_banner', '-filters'], { maxBuffer: 4 * 1024 * 1024 }, (error, stdout) =>
        resolve(new Set(error ? [] : [...stdout.matchAll(/^\s*[A-Z.|]{3}\s+(\w+)\s/gm)].map((match) => match[1]))),
      ),
    );
    known.set(ffmpeg, filters);
  }
  return filters;
}
