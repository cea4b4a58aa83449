import fs from 'node:fs';
import path from 'node:path';
import { SAFE_INPUT } from './safeInput';
import { runTool } from './run';
import type { PacketTiming } from './packetTiming';
import { centreCrop, DECODED_SIZE, downscale, hamming, isFlat, orientations, pHash } from './frameHash';

/**
 * What recognises a clip or a photo again: the pHashes of its picture (frames sampled a few times
 * a second, black and flat ones left out, near-repeats kept once) and, for a clip, its sound's
 * envelope (loudness every 100 ms). Small enough to keep per upload, so a later comparison never
 * decodes the file again.
 */
export interface Fingerprint {
  /**
   * The kept frames' hashes, one list per view: whole and middle 90% (a copy cropped by 10%),
   * upright, then turned a quarter, a half and three quarters clockwise (VIEWS lists of one
   * length). The first STORED_VIEWS are what other uploads are compared with.
   */
  frames: bigint[][];
  /** dB above -90 (0-90), one value per ENVELOPE_STEP_SECONDS; empty without sound. */
  envelope: number[];
}

const FRAMES_PER_SECOND = 4;
export const VIEWS = 8;
/** Whole and middle 90%, upright. */
export const STORED_VIEWS = 2;
/** At most this many frames are kept (evenly spread): a long clip's comparison stays as cheap as a short one's. */
const MAX_FRAMES = 48;
/** A frame this close to the last one kept adds nothing (a still scene). */
const REPEAT_BITS = 4;
export const ENVELOPE_STEP_SECONDS = 0.1;
const AUDIO_RATE = 8000;
const FLOOR_DB = -90;

/**
 * The frames worth keeping, in order (not flat, not a repeat of the previous one, at most
 * MAX_FRAMES), hashed in their four orientations.
 */
export function keptFrames(decoded: Uint8Array[]): bigint[][] {
  const kept: { decoded: Uint8Array; frame: Uint8Array; hash: bigint }[] = [];
  let previous: Uint8Array | undefined;
  for (const one of decoded) {
    // The same picture again (fps repeating a keyframe): what its hash would say, without hashing.
    const same = previous !== undefined && Buffer.compare(previous, one) === 0;
    previous = one;
    if (same) continue;
    const frame = downscale(one);
    if (isFlat(frame)) continue;
    const hash = pHash(frame);
    if (kept.length && hamming(kept[kept.length - 1].hash, hash) <= REPEAT_BITS) continue;
    kept.push({ decoded: one, frame, hash });
  }
  const spread = kept.length <= MAX_FRAMES ? kept : Array.from({ length: MAX_FRAMES }, (_, i) => kept[Math.floor((i * kept.length) / MAX_FRAMES)]);
  const views = spread.map(({ decoded: one, frame }) => {
    const whole = orientations(frame);
    const cropped = orientations(centreCrop(one));
    return whole.flatMap((turned, i) => [turned, cropped[i]]).map(pHash);
  });
  return Array.from({ length: VIEWS }, (_, view) => views.map((hashes) => hashes[view]));
}

/** Loudness every 100 ms of 16-bit mono samples at AUDIO_RATE. */
export function envelopeOf(pcm: Buffer): number[] {
  const step = AUDIO_RATE * ENVELOPE_STEP_SECONDS;
  const samples = Math.floor(pcm.length / 2);
  const envelope: number[] = [];
  for (let start = 0; start + step <= samples; start += step) {
    let squares = 0;
    for (let i = start; i < start + step; i++) squares += pcm.readInt16LE(i * 2) ** 2;
    const db = 20 * Math.log10(Math.sqrt(squares / step) / 32768 || 1e-9);
    envelope.push(Math.round(Math.max(FLOOR_DB, Math.min(0, db)) - FLOOR_DB));
  }
  return envelope;
}

/**
 * Keyframes at most this far apart sample a clip about as often as the frames kept of a 30 s clip
 * (MAX_FRAMES spread over it): decoding those alone is enough. Phones often write one a second.
 */
export const KEYFRAME_SPACING_SECONDS = 1.05;

/** The video packets' times a clip's fingerprint is planned from (packetTiming.ts). */
export type KeyframeTiming = Pick<PacketTiming, 'firstPts' | 'span' | 'keyframes'>;

/** Whether the clip has a keyframe at least every KEYFRAME_SPACING_SECONDS, from its start to its end. */
export function denseKeyframes(timing: KeyframeTiming | undefined): boolean {
  if (!timing?.keyframes.length) return false;
  const marks = [timing.firstPts, ...timing.keyframes, timing.firstPts + timing.span];
  return marks.slice(1).every((at, i) => at - marks[i] <= KEYFRAME_SPACING_SECONDS);
}

/** Where a clip's fingerprint is decoded to: small gray frames, and its sound (where it has some). */
export interface FingerprintFiles {
  frames: string;
  audio?: string;
}

/** The files of `dir` a clip's fingerprint is decoded to. */
export const fingerprintFilesIn = (dir: string, hasAudio: boolean): FingerprintFiles => ({
  frames: path.join(dir, 'fingerprint.gray'),
  audio: hasAudio ? path.join(dir, 'fingerprint.pcm') : undefined,
});

/** The filter that turns decoded pictures into the fingerprint's frames. */
export const FINGERPRINT_FILTER = `fps=${FRAMES_PER_SECOND},scale=${DECODED_SIZE}:${DECODED_SIZE}:flags=area,format=gray`;

/** The outputs of an ffmpeg run that writes the fingerprint's frames (from `video`, a filter's label or a stream) and sound. */
export function fingerprintOutputs(video: string, files: FingerprintFiles, maxSeconds: number): string[] {
  const limit = ['-t', String(maxSeconds)];
  const frames = ['-map', video, '-an', ...(video.startsWith('[') ? [] : ['-vf', FINGERPRINT_FILTER]), ...limit, '-f', 'rawvideo', '-y', files.frames];
  const audio = files.audio ? ['-map', '0:a:0', '-vn', '-ac', '1', '-ar', String(AUDIO_RATE), ...limit, '-f', 's16le', '-y', files.audio] : [];
  return [...frames, ...audio];
}

/**
 * One ffmpeg run, one decode: small gray frames to one file, the sound as 8 kHz mono to another.
 * Decoding is nearly all of the fingerprint's CPU (scaling, hashing and the sound are a few
 * per cent), so the decoder does as little as the 32-pixel frames need: no loop filter (its work
 * would not show), no frame that no other frame refers to (fps keeps one frame in 7 or more of a
 * 30 fps clip: the nearest decoded one stands in), only the keyframes where they are dense
 * enough, and one thread (frame threads cost CPU of their own; the job is not in a hurry). Only
 * for a clip whose processing left no fingerprint: that processing's own decode (the encode's, or
 * the stills' of a copied clip) writes these outputs too.
 */
export function fingerprintArgs(input: string, files: FingerprintFiles, maxSeconds: number, keyframesOnly = false): string[] {
  return [
    '-hide_banner',
    '-nostats',
    '-v',
    'error',
    '-threads',
    '1',
    '-skip_loop_filter',
    'all',
    '-skip_frame',
    keyframesOnly ? 'nokey' : 'noref',
    ...SAFE_INPUT,
    '-i',
    input,
    ...fingerprintOutputs('0:v:0', files, maxSeconds),
  ];
}

/** The fingerprint of what an ffmpeg run decoded to `files`. */
export async function readFingerprint(files: FingerprintFiles): Promise<Fingerprint> {
  const raw = await fs.promises.readFile(files.frames);
  const size = DECODED_SIZE * DECODED_SIZE;
  const frames = Array.from({ length: Math.floor(raw.length / size) }, (_, i) => new Uint8Array(raw.buffer, raw.byteOffset + i * size, size));
  const envelope = files.audio ? envelopeOf(await fs.promises.readFile(files.audio)) : [];
  return { frames: keptFrames(frames), envelope };
}

/**
 * A local clip's fingerprint, made in the caller's scratch folder; from its keyframes alone where
 * they are dense (denseKeyframes), a tenth of the decode.
 */
export async function fingerprintClip(
  ffmpeg: string,
  input: string,
  hasAudio: boolean,
  maxSeconds: number,
  dir: string,
  signal?: AbortSignal,
  keyframesOnly = false,
): Promise<Fingerprint> {
  const files = fingerprintFilesIn(dir, hasAudio);
  await runTool(ffmpeg, fingerprintArgs(input, files, maxSeconds, keyframesOnly), signal);
  return readFingerprint(files);
}

/** A photo's fingerprint from its upright web copy, hashed like a clip's frame. */
export async function fingerprintImage(input: string): Promise<Fingerprint> {
  const { default: sharp } = await import('sharp');
  const data = await sharp(input, { failOn: 'error' }).resize(DECODED_SIZE, DECODED_SIZE, { fit: 'fill', kernel: 'cubic' }).grayscale().raw().toBuffer();
  return { frames: keptFrames([new Uint8Array(data.buffer, data.byteOffset, DECODED_SIZE * DECODED_SIZE)]), envelope: [] };
}
