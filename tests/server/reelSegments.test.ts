import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseClip, SILENCE_LUFS, type ClipAnalysis, type SecondScore } from '../../server/adapters/media/reelAnalysis';
import { chooseSegment } from '../../server/adapters/media/reelSegments';
import { filtersOf } from '../../server/adapters/media/ffmpegFilters';
import { tools } from '../fixtures/media';
import { makeReelClips, makeSilentClip } from '../fixtures/reelClips';

const second = (loudness: number, flags: Partial<SecondScore> = {}): SecondScore => ({
  loudness,
  black: false,
  frozen: false,
  dark: false,
  blurred: false,
  scene: 0,
  ...flags,
});
const clip = (seconds: SecondScore[], duration = seconds.length): ClipAnalysis => ({ duration, seconds });

describe('choosing the best seconds of a clip', () => {
  it('takes the loudest window of up to 8 seconds', () => {
    const seconds = [...Array(6).fill(second(-40)), ...Array(8).fill(second(-15)), ...Array(6).fill(second(-40))];
    expect(chooseSegment(clip(seconds))).toEqual({ start: 6, end: 14 });
  });

  it('never takes a black, frozen, blurred or dark second', () => {
    const seconds = [
      second(-10, { blurred: true }),
      second(-10, { black: true }),
      second(-20),
      second(-20),
      second(-10, { frozen: true }),
      second(-20),
      second(-20),
      second(-20),
      second(-20),
      second(-5, { dark: true }),
    ];
    expect(chooseSegment(clip(seconds))).toEqual({ start: 5, end: 9 });
  });

  it('gives a short clip its usable part, and a clip with none nothing', () => {
    expect(chooseSegment(clip([second(-20, { black: true }), second(-20), second(-20)], 2.6))).toEqual({ start: 1, end: 2.6 });
    expect(chooseSegment(clip([second(-20, { black: true }), second(-20, { frozen: true })]))).toBeUndefined();
  });

  it("takes staff's own cut within the clip", () => {
    expect(chooseSegment(clip(Array(6).fill(second(-20))), { inSeconds: 1.5, outSeconds: 9 })).toEqual({ start: 1.5, end: 6 });
  });
});

describe('analysing a clip with ffmpeg', () => {
  let dir: string;
  let clips: ReturnType<typeof makeReelClips>;
  let silent: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-reel-analysis-'));
    clips = makeReelClips(dir);
    silent = makeSilentClip(path.join(dir, 'silent.mp4'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds the black first second and starts the segment after it', async () => {
    const analysis = await analyseClip(tools.ffmpeg, clips.blackStart, { duration: 6, hasAudio: true }, dir);
    expect(analysis.seconds.map((s) => s.black)).toEqual([true, false, false, false, false, false]);
    const segment = chooseSegment(analysis)!;
    expect(segment.start).toBeGreaterThanOrEqual(1);
    expect(segment.end - segment.start).toBeGreaterThanOrEqual(4);
  });

  it('sees a blurred stretch and plays the sharp seconds around it', async (context) => {
    // blurdetect came with ffmpeg 5.1: an older build (the npm-shipped 4.1) analyses without it.
    if (!(await filtersOf(tools.ffmpeg)).has('blurdetect')) return context.skip();
    const blurred = path.join(dir, 'blurred.mp4');
    execFileSync(tools.ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000'],
      ...[
        '-t',
        '10',
        '-vf',
        "gblur=sigma=10:enable='between(t,2,5.99)'",
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        blurred,
      ],
    ]);
    const analysis = await analyseClip(tools.ffmpeg, blurred, { duration: 10, hasAudio: true }, dir);
    expect(analysis.seconds.map((s) => s.blurred)).toEqual([false, false, true, true, true, true, false, false, false, false]);
    const segment = chooseSegment(analysis)!;
    expect(segment.start).toBeGreaterThanOrEqual(6);
  });

  it('hears the silence at the start and takes the loud part', async () => {
    const analysis = await analyseClip(tools.ffmpeg, clips.quietStart, { duration: 6, hasAudio: true }, dir);
    expect(analysis.seconds[0].loudness).toBe(SILENCE_LUFS);
    expect(analysis.seconds[3].loudness).toBeGreaterThan(-30);
    expect(chooseSegment(analysis)).toEqual({ start: 2, end: 6 });
  });

  it('analyses a clip without sound', async () => {
    const analysis = await analyseClip(tools.ffmpeg, silent, { duration: 5, hasAudio: false }, dir);
    expect(analysis.seconds).toHaveLength(5);
    expect(chooseSegment(analysis)).toEqual({ start: 0, end: 5 });
  });
});
