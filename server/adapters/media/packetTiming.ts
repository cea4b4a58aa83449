import { runTool } from './run';
import { SAFE_INPUT } from './safeInput';

/** What a copy of the video stream keeps as it is: its packets' timestamps, summed up. */
export interface PacketTiming {
  frames: number;
  /** Seconds: the first frame's presentation time. */
  firstPts: number;
  /** Seconds between the last frame's presentation and the first's. */
  span: number;
  /** The longest and the usual wait between two frames in presentation order, in seconds. */
  maxGap: number;
  medianGap: number;
  /** Every packet has its times and the decode times only go forward. */
  ordered: boolean;
  /** Seconds: the presentation times of the keyframes, the frames that decode alone. */
  keyframes: number[];
}

/** Summarises `pts,dts,flags` lines; undefined when there is no frame. */
export function summariseTiming(lines: string[]): PacketTiming | undefined {
  const pts: number[] = [];
  const keyframes: number[] = [];
  let ordered = true;
  let lastDts = -Infinity;
  for (const line of lines) {
    if (!line.trim()) continue;
    const [ptsText, dtsText, flags = ''] = line.split(',');
    const [p, d] = [ptsText, dtsText].map((part) => (part === '' || part === 'N/A' ? NaN : Number(part)));
    if (!Number.isFinite(p) || !Number.isFinite(d) || d <= lastDts) ordered = false;
    if (Number.isFinite(d)) lastDts = Math.max(lastDts, d);
    if (!Number.isFinite(p)) continue;
    pts.push(p);
    if (flags.startsWith('K')) keyframes.push(p);
  }
  if (pts.length === 0) return undefined;
  pts.sort((a, b) => a - b);
  const gaps = pts.slice(1).map((p, i) => p - pts[i]);
  const sorted = [...gaps].sort((a, b) => a - b);
  return {
    frames: pts.length,
    firstPts: pts[0],
    span: pts.at(-1)! - pts[0],
    maxGap: sorted.at(-1) ?? 0,
    medianGap: sorted[Math.floor(sorted.length / 2)] ?? 0,
    ordered,
    keyframes: keyframes.sort((a, b) => a - b),
  };
}

/**
 * The first video stream's packet times, read without decoding anything (a 30 s clip reads in
 * a few tens of milliseconds): what a remux would copy into the reviewable mp4 as it is.
 */
export async function packetTiming(ffprobe: string, file: string, signal?: AbortSignal): Promise<PacketTiming | undefined> {
  const csv = await runTool(
    ffprobe,
    [...SAFE_INPUT, '-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,dts_time,flags', '-of', 'csv=p=0', file],
    signal,
  );
  return summariseTiming(csv.split('\n'));
}
