import { REEL_SEGMENT_SECONDS } from '#shared/domain/reels';
import type { ClipAnalysis, SecondScore } from './reelAnalysis';

/** The part of a clip a reel plays, in seconds from the clip's start. */
export interface Segment {
  start: number;
  end: number;
}

// Shorter than this is a flash, not a moment: such a clip is left out.
const SHORTEST_SECONDS = 1;
// How much a hard cut or a whip pan costs against a decibel of loudness: the steadier of two equally loud windows wins.
const SCENE_PENALTY_DB = 6;
// A longer window is worth this much less loudness: a moment played out beats its loudest instant.
const LONGER_TOLERANCE_DB = 3;

/** min, min + 1, ... up to longest, and longest itself (a run ending mid-second). */
function lengthsUpTo(min: number, longest: number): number[] {
  const lengths: number[] = [];
  for (let length = min; length < longest; length += 1) lengths.push(length);
  return longest >= min ? [...lengths, longest] : [];
}

const usable = (second: SecondScore) => !second.black && !second.frozen && !second.dark && !second.blurred;

/** Runs of usable seconds as [start, end) in seconds, the last one ending at the clip's end. */
function usableRuns(analysis: ClipAnalysis): Segment[] {
  const runs: Segment[] = [];
  let start: number | undefined;
  analysis.seconds.forEach((second, i) => {
    if (usable(second)) start ??= i;
    else if (start !== undefined) {
      runs.push({ start, end: i });
      start = undefined;
    }
  });
  if (start !== undefined) runs.push({ start, end: analysis.duration });
  return runs.map((run) => ({ start: run.start, end: Math.min(run.end, analysis.duration) })).filter((run) => run.end > run.start);
}

function windowScore(analysis: ClipAnalysis, start: number, length: number): number {
  const seconds = analysis.seconds.slice(Math.floor(start), Math.ceil(start + length));
  const loudness = seconds.reduce((sum, s) => sum + s.loudness, 0) / seconds.length;
  const scene = seconds.reduce((sum, s) => sum + s.scene, 0) / seconds.length;
  return loudness - SCENE_PENALTY_DB * scene;
}

/**
 * The best part of a clip for a reel: the loudest window of `min`-`max` seconds in which no
 * second is black, frozen, blurred or too dark to show anything (the earlier of equal ones), made as long
 * as it stays within a few decibels of the loudest. A clip with no such run that long gives its longest
 * usable part, and one without a usable second nothing. Staff's own cut, where they set one, is
 * taken as it is within the clip.
 */
export function chooseSegment(
  analysis: ClipAnalysis,
  cut?: { inSeconds?: number; outSeconds?: number },
  { min, max }: { min: number; max: number } = REEL_SEGMENT_SECONDS,
): Segment | undefined {
  if (cut?.inSeconds !== undefined && cut.outSeconds !== undefined) {
    const start = Math.min(cut.inSeconds, analysis.duration);
    const end = Math.min(cut.outSeconds, analysis.duration);
    return end - start >= SHORTEST_SECONDS ? { start, end } : undefined;
  }
  const runs = usableRuns(analysis);
  // The best window of each whole length, then the longest within the tolerance of the loudest.
  const bestOfLength = new Map<number, { segment: Segment; score: number }>();
  for (const run of runs) {
    for (const window of lengthsUpTo(min, Math.min(max, run.end - run.start))) {
      for (let start = run.start; start + window <= run.end + 1e-9; start += 1) {
        const score = windowScore(analysis, start, window);
        const known = bestOfLength.get(window);
        if (!known || score > known.score) bestOfLength.set(window, { segment: { start, end: start + window }, score });
      }
    }
  }
  const loudest = Math.max(...[...bestOfLength.values()].map((b) => b.score));
  const best = [...bestOfLength.entries()].filter(([, b]) => b.score >= loudest - LONGER_TOLERANCE_DB).sort(([a], [b]) => b - a)[0]?.[1];
  if (best) return best.segment;
  const longest = runs.reduce<Segment | undefined>((a, run) => (!a || run.end - run.start > a.end - a.start ? run : a), undefined);
  return longest && longest.end - longest.start >= SHORTEST_SECONDS ? longest : undefined;
}
