import { formatReelClip, parseReelClip, REEL_SEGMENT_SECONDS, type ReelClip } from '#shared/domain/reels';

/** One clip as the reel page edits it: its upload, and the seconds staff chose (none: the render picks its best seconds). */
export type EditedClip = ReelClip;

export const clipsFromTexts = (texts: readonly string[]): EditedClip[] => texts.flatMap((text) => parseReelClip(text) ?? []);
export const clipsToTexts = (clips: readonly EditedClip[]): string[] => clips.map(formatReelClip);

/** Seconds to a tenth, as a cut travels ('2.5'). */
const tenth = (seconds: number) => Math.round(seconds * 10) / 10;

/** The cut a slider starts from: the chosen one, or the clip's first seconds of the default segment's longest (the render may pick others). */
export function cutOf(clip: EditedClip, duration: number): [number, number] {
  if (clip.inSeconds !== undefined && clip.outSeconds !== undefined) return [Math.min(clip.inSeconds, duration), Math.min(clip.outSeconds, duration)];
  return [0, tenth(Math.min(duration, REEL_SEGMENT_SECONDS.max))];
}

export const withCut = (clip: EditedClip, [from, to]: readonly number[]): EditedClip => ({
  uploadId: clip.uploadId,
  inSeconds: tenth(from),
  outSeconds: tenth(to),
});

/** A slider's two seconds at least `gap` apart: the thumb moved pushes the other rather than making a part too short to see. */
export function keptApart([from, to]: readonly number[], thumb: number, duration: number, gap: number): [number, number] {
  if (to - from >= gap) return [from, to];
  if (thumb === 0) {
    const start = Math.min(from, Math.max(duration - gap, 0));
    return [start, Math.min(start + gap, duration)];
  }
  const end = Math.max(to, Math.min(gap, duration));
  return [Math.max(end - gap, 0), end];
}

/** How long the clip plays in the reel: its cut, or at most the default segment's longest. */
export function secondsOf(clip: EditedClip, duration: number | undefined): number {
  if (clip.inSeconds !== undefined && clip.outSeconds !== undefined) return clip.outSeconds - clip.inSeconds;
  return Math.min(duration ?? REEL_SEGMENT_SECONDS.max, REEL_SEGMENT_SECONDS.max);
}

/** The list with the item at `from` moved to `to` (dragging, or the up and down buttons). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
