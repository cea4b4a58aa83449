import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENCODE_WEBM_JOB, FINGERPRINT_UPLOAD_JOB, PROCESS_UPLOAD_JOB } from '#shared/domain/constants';
import { newId } from '../../server/db/rows';
import type { LocalFileStore } from '../../server/files/local';
import { probeClip } from '../../server/adapters/media/probe';
import { reviewPath } from '../../server/adapters/media/reviewPath';
import { encodeWebmHandler, processUploadHandler } from '../../server/jobs/processUpload';
import type { JobContext } from '../../server/adapters/queue';
import type { ModerationProvider } from '../../server/adapters/moderation/types';
import { CLIP_MAKE, CLIP_MODEL, ffprobe, makeClips, makePhoneClips, pendingUpload, tools, videoStreamHash } from '../fixtures/media';
import { playedSize } from './browserVideo';
import { createTestApp, demoAccounts, testDatabases, type TestApp } from './helpers';

/** Every tag ffprobe sees and the raw bytes of a file, as one text to search. */
function everythingIn(file: string): string {
  return JSON.stringify(ffprobe(file)) + fs.readFileSync(file).toString('latin1');
}

const pathOf = async (file: string) => {
  const { probe, timing } = await probeClip(tools.ffprobe, file);
  return reviewPath(probe, timing);
};

// Media processing does not depend on the database: real ffmpeg runs once, on the first kind.
describe.each(testDatabases.slice(0, 1))('clips phones already wrote as H.264 are copied, not encoded ($name)', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  let band: string;
  let pageId: string;
  let work: string;
  let files: LocalFileStore;
  let phone: ReturnType<typeof makePhoneClips>;
  let clips: ReturnType<typeof makeClips>;
  const context = (jobKind = PROCESS_UPLOAD_JOB): JobContext => ({
    id: 'job',
    kind: jobKind,
    attempt: 1,
    maxAttempts: 5,
    signal: new AbortController().signal,
  });
  const fileOf = (key: string | null) => files.pathOf(key!)!;
  const row = (id: string) => t.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(kind);
    files = t.app.deps.files as LocalFileStore;
    ({ band } = await demoAccounts(t.db));
    pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-remux-'));
    phone = makePhoneClips(path.join(work, 'phone'));
    clips = makeClips(path.join(work, 'clips'));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  async function uploaded(localFile: string) {
    const id = newId();
    const original = `uploads/${band}/${id}/original${path.extname(localFile)}`;
    await files.putFromFile(localFile, original, 'application/octet-stream');
    await t.db
      .insertInto('uploads')
      .values(pendingUpload({ id, accountId: band, pageId, type: 'video', original }))
      .execute();
    return id;
  }

  it('copies an upright H.264 phone clip with its location and phone into an mp4 of the same video bytes, upright, with neither', async () => {
    // The input really carries what must not come out.
    const input = everythingIn(phone.upright);
    for (const mark of ['48.8584', CLIP_MAKE, CLIP_MODEL]) expect(input).toContain(mark);
    expect(await pathOf(phone.upright)).toBe('remux');

    const seen: { width?: number; height?: number }[] = [];
    const asked: string[] = [];
    const model: ModerationProvider = {
      name: 'watching',
      flaggedLabels: new Set(['Porn']),
      warm: () => asked.push('warm'),
      async classify(pictures) {
        asked.push('classify');
        for (const picture of pictures) seen.push(await sharp(picture).metadata());
        return [{ name: 'Neutral', confidence: 0.97 }];
      },
    };
    const id = await uploaded(phone.upright);
    const fingerprintJobs = async () => (await t.app.deps.queue.stats()).find((stats) => stats.kind === FINGERPRINT_UPLOAD_JOB)?.queued ?? 0;
    const jobsBefore = await fingerprintJobs();
    await processUploadHandler(t.app.deps, undefined, model)({ uploadId: id }, context());
    const upload = await row(id);
    // Told to load before the clip was probed, the model was ready when the frames were.
    expect(asked).toEqual(['warm', 'classify']);
    // Its keyframes (every half second) were decoded for the stills: the fingerprint came from them, no job of its own.
    expect(await t.db.selectFrom('uploadFingerprints').select('uploadId').where('uploadId', '=', id).executeTakeFirst()).toEqual({ uploadId: id });
    expect(await fingerprintJobs()).toBe(jobsBefore);
    expect(upload).toMatchObject({
      encodingStatus: 'processed',
      encodingError: null,
      moderationStatus: 'processed',
      mp4: `uploads/${band}/${id}/video.mp4`,
      mp4Proxy: 0,
    });
    const mp4 = fileOf(upload.mp4);

    // Not encoded: the very same coded pictures, and the same sound.
    expect(videoStreamHash(mp4)).toBe(videoStreamHash(phone.upright));
    const out = ffprobe(mp4);
    expect(out.duration).toBeGreaterThan(2.8);
    expect(out.streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);
    const bytes = fs.readFileSync(mp4);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));

    // Upright: the display matrix is carried as it came, on the same landscape pixels.
    const [before, after] = [ffprobe(phone.upright), out].map((probe) => probe.streams.find((s) => s.codec_type === 'video')!);
    expect(after.side_data_list?.find((d) => d.rotation !== undefined)?.rotation).toBe(before.side_data_list?.find((d) => d.rotation !== undefined)?.rotation);
    expect(Math.abs(after.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0)).toBe(90);
    expect([after.width, after.height]).toEqual([320, 240]);
    // The pictures made from it are upright.
    expect(await sharp(fileOf(upload.thumbnail)).metadata()).toMatchObject({ format: 'jpeg', width: 240, height: 320 });
    expect(seen).toHaveLength(3);
    for (const frame of seen) expect(frame.height! / frame.width!).toBeCloseTo(320 / 240, 1);

    // Nothing of where or with what it was filmed, in any tag or byte.
    for (const key of [upload.mp4, upload.thumbnail]) {
      const text = everythingIn(fileOf(key));
      for (const mark of ['48.8584', '002.2945', CLIP_MAKE, CLIP_MODEL, '2026-06-21']) expect(text, `${mark} in ${key}`).not.toContain(mark);
    }
  });

  it('is played upright by Chromium', async (test) => {
    const id = await uploaded(phone.upright);
    await processUploadHandler(t.app.deps)({ uploadId: id }, context());
    const size = await playedSize(fileOf((await row(id)).mp4));
    if (!size) return test.skip();
    expect(size).toEqual({ width: 240, height: 320 });
  });

  it.each([
    ['an iPhone-style HEVC .mov', () => clips.hevc],
    ['a 10-bit H.264 clip', () => phone.tenBit],
    ['a clip with a hole in its timestamps', () => phone.jumpy],
  ])('encodes %s into a fresh 8-bit H.264 mp4, its review proxy first', async (_name, clip) => {
    expect(await pathOf(clip())).toBe('encode');
    const id = await uploaded(clip());
    await processUploadHandler(t.app.deps)({ uploadId: id }, context());
    await encodeWebmHandler(t.app.deps)({ uploadId: id }, context(ENCODE_WEBM_JOB));
    const upload = await row(id);
    // Reviewable as its proxy (an encode), the full mp4 to follow.
    expect([upload.encodingStatus, upload.encodingError, upload.mp4Proxy]).toEqual(['processed', null, 1]);
    const video = ffprobe(fileOf(upload.mp4)).streams.find((s) => s.codec_type === 'video')!;
    expect(video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p' });
    if (ffprobe(clip()).streams[0].codec_name === 'h264') expect(videoStreamHash(fileOf(upload.mp4))).not.toBe(videoStreamHash(clip()));
    for (const mark of ['48.8584', CLIP_MODEL]) expect(everythingIn(fileOf(upload.mp4))).not.toContain(mark);
  });

  it('still refuses a copy cut short: a file whose index is whole but whose pictures stop halfway', async () => {
    const whole = path.join(work, 'faststart.mp4');
    execFileSync(tools.ffmpeg, ['-v', 'error', '-y', '-i', phone.upright, '-c', 'copy', '-movflags', '+faststart', whole]);
    const cut = path.join(work, 'cut.mp4');
    const bytes = fs.readFileSync(whole);
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.4)));
    const id = await uploaded(cut);
    await processUploadHandler(t.app.deps)({ uploadId: id }, context());
    const upload = await row(id);
    expect(upload).toMatchObject({ encodingStatus: 'failed', mp4: null });
    expect(upload.encodingError).toMatch(/^The file is incomplete/);
  });
});
