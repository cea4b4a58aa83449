import { describe, expect, it } from 'vitest';
import type { MediaProbe, VideoProbe } from '../../server/adapters/media/probe';
import { summariseTiming, type PacketTiming } from '../../server/adapters/media/packetTiming';
import { reviewPath } from '../../server/adapters/media/reviewPath';
import { nearestKeyframe, posterPicks, stillsArgs } from '../../server/adapters/media/remux';

/** What an Android phone writes: 1080p30 H.264 High at 17 Mb/s with AAC-LC, held upright. */
const phoneVideo: VideoProbe = {
  codec: 'h264',
  width: 1920,
  height: 1080,
  rotation: 90,
  profile: 'High',
  codecTag: 'avc1',
  pixFmt: 'yuv420p',
  bitDepth: 8,
  bitRate: 17_000_000,
  avgFrameRate: 29.97,
  baseFrameRate: 30,
};
const phone: MediaProbe = { duration: 10, container: 'mov,mp4,m4a,3gp,3g2,mj2', video: phoneVideo, audio: { codec: 'aac', profile: 'LC' } };
/** 300 frames a thirtieth of a second apart, a keyframe a second. */
const steady = summariseTiming(Array.from({ length: 300 }, (_, i) => `${(i / 30).toFixed(6)},${(i / 30).toFixed(6)},${i % 30 ? '__' : 'K_'}`))!;

const withVideo = (changes: Partial<VideoProbe>): MediaProbe => ({ ...phone, video: { ...phoneVideo, ...changes } });
const withTiming = (changes: Partial<PacketTiming>): PacketTiming => ({ ...steady, ...changes });

describe('which clips are copied and which encoded', () => {
  it("copies a phone's 1080p H.264 with AAC-LC, or with no sound", () => {
    expect(reviewPath(phone, steady)).toBe('remux');
    expect(reviewPath({ ...phone, audio: undefined }, steady)).toBe('remux');
    for (const profile of ['Constrained Baseline', 'Baseline', 'Main']) expect(reviewPath(withVideo({ profile }), steady)).toBe('remux');
    expect(reviewPath(withVideo({ pixFmt: 'yuvj420p' }), steady)).toBe('remux');
    expect(reviewPath(withVideo({ width: 1080, height: 1920, rotation: 0 }), steady)).toBe('remux');
  });

  it("copies a phone's variable frame rate (frames up to twice as far apart in low light)", () => {
    expect(reviewPath(phone, withTiming({ maxGap: 0.067, medianGap: 0.033 }))).toBe('remux');
  });

  it.each([
    ['HEVC', withVideo({ codec: 'hevc', profile: 'Main' })],
    ['H.264 High 10', withVideo({ profile: 'High 10', pixFmt: 'yuv420p10le', bitDepth: 10 })],
    ['10-bit in a profile that says High', withVideo({ pixFmt: 'yuv420p10le', bitDepth: 10 })],
    ['4:2:2', withVideo({ profile: 'High 4:2:2', pixFmt: 'yuv422p' })],
    ['4:4:4', withVideo({ profile: 'High 4:4:4 Predictive', pixFmt: 'yuv444p' })],
    ['4K', withVideo({ width: 3840, height: 2160 })],
    ['a long side over 1920', withVideo({ width: 2400, height: 1080 })],
    ['over 20 Mb/s', withVideo({ bitRate: 40_000_000 })],
    ['an unknown bitrate', withVideo({ bitRate: undefined })],
    ['an unknown profile', withVideo({ profile: undefined })],
    ['parameter sets in the stream (avc3)', withVideo({ codecTag: 'avc3' })],
    ['a frame rate beyond reason', withVideo({ avgFrameRate: 1000, baseFrameRate: 90000 })],
    ['Opus sound', { ...phone, audio: { codec: 'opus' } }],
    ['MP3 sound', { ...phone, audio: { codec: 'mp3' } }],
    ['PCM sound in a .mov', { ...phone, audio: { codec: 'pcm_s16le' } }],
    ['HE-AAC sound', { ...phone, audio: { codec: 'aac', profile: 'HE-AAC' } }],
    ['an unknown length', { ...phone, duration: 0 }],
    ['a length only known to be past the limit', { ...phone, durationAtLeast: true }],
    ['no video', { ...phone, video: undefined }],
  ] as [string, MediaProbe][])('encodes %s', (_name, probe) => {
    expect(reviewPath(probe, steady)).toBe('encode');
  });

  it.each([
    ['unknown', undefined],
    ['with a two-second hole', withTiming({ maxGap: 2.03 })],
    ['going back in decode order', withTiming({ ordered: false })],
    ['starting late', withTiming({ firstPts: 3 })],
    ['spanning far less than the stated length', withTiming({ span: 4 })],
    ['of one frame', withTiming({ frames: 1 })],
  ])('encodes a clip whose timestamps are %s', (_name, timing) => {
    expect(reviewPath(phone, timing)).toBe('encode');
  });
});

describe('packet times', () => {
  it('are summed up in presentation order, with the keyframes', () => {
    // B-frames: presentation order differs from decode order, which still goes forward.
    const timing = summariseTiming([
      '0.000000,-0.066667,K_',
      '0.100000,-0.033333,__',
      '0.033333,0.000000,__',
      '0.066667,0.033333,__',
      '0.200000,0.066667,K_',
      '',
    ]);
    expect(timing).toMatchObject({ frames: 5, firstPts: 0, span: 0.2, ordered: true, keyframes: [0, 0.2] });
    expect(timing!.maxGap).toBeCloseTo(0.1, 5);
    expect(timing!.medianGap).toBeCloseTo(0.033333, 5);
  });

  it('are not ordered when a time is missing or decode times go back', () => {
    expect(summariseTiming(['0.0,0.0,K_', 'N/A,N/A,__', '0.1,0.1,__'])!.ordered).toBe(false);
    expect(summariseTiming(['0.0,0.1,K_', '0.1,0.0,__'])!.ordered).toBe(false);
  });

  it('give nothing for no frame', () => {
    expect(summariseTiming(['', ''])).toBeUndefined();
  });
});

describe('the frames pictures are made from', () => {
  it('are the keyframes nearest the points asked, or the points when no keyframe is known', () => {
    expect(nearestKeyframe(2.6, [0, 1, 2, 3])).toBe(3);
    expect(nearestKeyframe(7.9, [0, 2.5])).toBe(2.5);
    expect(nearestKeyframe(1.4, [])).toBe(1.4);
  });

  it("are picked from the file's start in one decode, of the keyframes alone when they are dense", () => {
    const frames = [2.5, 5, 7.5].map((at, i) => ({ at, file: `frame${i}.jpg` }));
    const keyframes = [0.1, 1.1, 2.1, 3.1, 4.1, 5.1, 6.1, 7.1, 8.1, 9.1];
    const run = (probe: MediaProbe, timing = { firstPts: 0.1, span: 10, keyframes }) => {
      const args = stillsArgs('in.mp4', { posters: 'posters', frames }, probe, timing, 60);
      const graph = args[args.indexOf('-filter_complex') + 1];
      return {
        picks: [...graph.matchAll(/gte\(t,([\d.]+)\)/g)].map((match) => Number(match[1])),
        skip: args[args.indexOf('-skip_frame') + 1],
        inputs: args.filter((arg) => arg === '-i').length,
      };
    };
    // The poster's eight spots (the middle of each eighth of 10 s), then the three moderation frames, each a hundredth early.
    expect(run(phone)).toEqual({ picks: [1.09, 2.09, 3.09, 4.09, 6.09, 7.09, 8.09, 9.09, 2.09, 5.09, 7.09], skip: 'nokey', inputs: 1 });
    expect(run({ ...phone, startTime: 0.1 }).picks).toEqual([0.99, 1.99, 2.99, 3.99, 5.99, 6.99, 7.99, 8.99, 1.99, 4.99, 6.99]);
    // Keyframes 5 s apart: every frame another refers to is decoded.
    expect(run(phone, { firstPts: 0.1, span: 10, keyframes: [0.1, 5.1] }).skip).toBe('noref');
  });

  it("are the poster's spots themselves where no keyframe is near, and one candidate where spots share a keyframe", () => {
    expect(posterPicks(10, [0])).toEqual([0, 1.875, 3.125, 4.375, 5.625, 6.875, 8.125, 9.375]);
    expect(posterPicks(10, [0.1, 5.1])).toEqual([0.1, 1.875, 3.125, 4.375, 5.1, 6.875, 8.125, 9.375]);
    // The spots at 0.4375 and 0.5625 both take the keyframe at 0.5: seven candidates.
    expect(posterPicks(1, [0, 0.5])).toEqual([0, 0.1875, 0.3125, 0.5, 0.6875, 0.8125, 0.9375]);
  });
});
