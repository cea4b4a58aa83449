import type { MediaProbe } from './probe';
import type { PacketTiming } from './packetTiming';

/**
 * 'remux': the clip's own streams are copied into the reviewable mp4 (no decode, no encode);
 * 'encode': they are encoded into H.264/AAC.
 */
export type ReviewPath = 'remux' | 'encode';

/** What every browser (Chromium, Firefox, Safari on iOS and macOS) decodes in hardware or software. */
const PLAYABLE_PROFILES = new Set(['Constrained Baseline', 'Baseline', 'Main', 'High']);
const PLAYABLE_PIXEL_FORMATS = new Set(['yuv420p', 'yuvj420p']);
/** A phone writes 1080p30 H.264 at 16 to 20 Mb/s; more is a file staff would wait for on a venue's network. */
const MAX_BITS_PER_SECOND = 20_000_000;
const MAX_FRAME_RATE = 240;

/**
 * Timestamps a player follows as written: in decode order, starting near 0, without a hole (a
 * variable rate as phones record in low light is fine, a frozen second is not), and spanning
 * the stated duration.
 */
function saneTiming(timing: PacketTiming, duration: number): boolean {
  if (!timing.ordered || timing.frames < 2) return false;
  if (Math.abs(timing.firstPts) > 0.5) return false;
  if (timing.maxGap > Math.max(0.25, 4 * timing.medianGap)) return false;
  return Math.abs(timing.span - duration) <= Math.max(1, duration * 0.1);
}

/**
 * How a clip becomes reviewable. Remuxed when its video is 8-bit 4:2:0 H.264 of a profile every
 * browser plays, at most 1080p (short side 1080, long side 1920), at a sane bitrate and frame
 * rate, with timestamps a player can follow (see saneTiming) and a known length, and its audio is
 * AAC-LC or absent. Anything else (HEVC, 10-bit, 4K, Opus, MP3 or PCM in a .mov, broken
 * timestamps, a property ffprobe did not state) is encoded.
 */
export function reviewPath(probe: MediaProbe, timing: PacketTiming | undefined): ReviewPath {
  const v = probe.video;
  if (!v || v.codec !== 'h264' || !timing) return 'encode';
  if (!v.profile || !PLAYABLE_PROFILES.has(v.profile)) return 'encode';
  // avc3 keeps its parameter sets in the stream, which Safari does not take in an mp4.
  if (v.codecTag === 'avc3') return 'encode';
  if (!v.pixFmt || !PLAYABLE_PIXEL_FORMATS.has(v.pixFmt) || v.bitDepth !== 8) return 'encode';
  if (Math.min(v.width, v.height) > 1080 || Math.max(v.width, v.height) > 1920) return 'encode';
  if (!v.bitRate || v.bitRate > MAX_BITS_PER_SECOND) return 'encode';
  if (!v.avgFrameRate || !v.baseFrameRate || v.avgFrameRate > MAX_FRAME_RATE || v.baseFrameRate > MAX_FRAME_RATE) return 'encode';
  if (!(probe.duration > 0) || probe.durationAtLeast) return 'encode';
  if (!saneTiming(timing, probe.duration)) return 'encode';
  if (probe.audio && !(probe.audio.codec === 'aac' && probe.audio.profile === 'LC')) return 'encode';
  return 'remux';
}
