import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENCODE_MP4_JOB, ENCODE_WEBM_JOB, MODERATE_UPLOAD_JOB, PROCESS_UPLOAD_JOB } from '#shared/domain/constants';
import { newId } from '../../server/db/rows';
import type { LocalFileStore } from '../../server/files/local';
import { outputSize } from '../../server/adapters/media/encode';
import { encodeMp4Handler, encodeWebmHandler, processUploadHandler } from '../../server/jobs/processUpload';
import type { JobContext } from '../../server/adapters/queue';
import type { ModerationProvider } from '../../server/adapters/moderation/types';
import { ffprobe, GPS_MARK, makeClips, makeGpsPhoto, pendingUpload, tools } from '../fixtures/media';
import { makeHeic } from '../fixtures/heic';
import { createTestApp, demoAccounts, testDatabases, type TestApp } from './helpers';

describe('output size', () => {
  const probe = (width: number, height: number, rotation = 0) => ({ duration: 1, container: 'mov', video: { codec: 'h264', width, height, rotation } });
  it.each([
    [[3840, 2160, 0], { width: 1920, height: 1080 }],
    [[3840, 2160, 90], { width: 1080, height: 1920 }],
    [[1920, 1080, 270], { width: 1080, height: 1920 }],
    [[640, 480, 0], { width: 640, height: 480 }],
    [[1440, 1440, 0], { width: 1080, height: 1080 }],
    [[321, 241, 180], { width: 322, height: 242 }],
  ] as const)('%j fits in 1080p as %j', ([w, h, r], expected) => {
    expect(outputSize(probe(w, h, r))).toEqual(expected);
  });
});

// Media processing does not depend on the database: real ffmpeg runs once, on the first kind.
describe.each(testDatabases.slice(0, 1))('processing uploads with real ffmpeg and sharp ($name)', (kind) => {
  let t: TestApp;
  let band: string;
  let pageId: string;
  let clips: ReturnType<typeof makeClips>;
  let work: string;
  let files: LocalFileStore;
  /** An upload's pipeline jobs in the order the queue runs them: its processing, then its full mp4 (after a review proxy) and its webm (queued by the processing). */
  const handler = () => async (payload: unknown, job: JobContext) => {
    await processUploadHandler(t.app.deps)(payload, job);
    await encodeMp4Handler(t.app.deps)(payload, { ...job, kind: ENCODE_MP4_JOB });
    await encodeWebmHandler(t.app.deps)(payload, { ...job, kind: ENCODE_WEBM_JOB });
  };
  const context = (attempt = 1): JobContext => ({ id: 'job', kind: PROCESS_UPLOAD_JOB, attempt, maxAttempts: 5, signal: new AbortController().signal });
  const fileOf = (key: string | null) => files.pathOf(key!)!;

  beforeAll(async () => {
    t = await createTestApp(kind);
    files = t.app.deps.files as LocalFileStore;
    ({ band } = await demoAccounts(t.db));
    pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-media-'));
    clips = makeClips(work);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** What the fan side leaves: the original in the store and a pending upload row. */
  async function uploaded(localFile: string, type: 'video' | 'image', page = pageId) {
    const id = newId();
    const original = `uploads/${band}/${id}/original${path.extname(localFile)}`;
    await files.putFromFile(localFile, original, 'application/octet-stream');
    await t.db
      .insertInto('uploads')
      .values(pendingUpload({ id, accountId: band, pageId: page, type, original }))
      .execute();
    return id;
  }
  const row = (id: string) => t.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('makes a faststart H.264/AAC mp4, a VP9/Opus webm and a JPEG thumbnail', async () => {
    const id = await uploaded(clips.clip, 'video');
    await handler()({ uploadId: id }, context());
    const upload = await row(id);
    expect(upload).toMatchObject({
      encodingStatus: 'processed',
      encodingError: null,
      mp4: `uploads/${band}/${id}/video.mp4`,
      webm: `uploads/${band}/${id}/video.webm`,
      thumbnail: `uploads/${band}/${id}/poster-0.jpg`,
    });

    // The clip's length from ffprobe, stored on the upload for the cards.
    expect(upload.duration).toBeGreaterThan(1.8);
    expect(upload.duration).toBeLessThan(2.3);
    const mp4 = ffprobe(fileOf(upload.mp4));
    expect(mp4.duration).toBeGreaterThan(1.8);
    expect(mp4.duration).toBeLessThan(2.3);
    const [v, a] = [mp4.streams.find((s) => s.codec_type === 'video')!, mp4.streams.find((s) => s.codec_type === 'audio')!];
    expect(v).toMatchObject({ codec_name: 'h264', profile: 'High', codec_tag_string: 'avc1', pix_fmt: 'yuv420p', width: 320, height: 240 });
    expect(a.codec_name).toBe('aac');
    const bytes = fs.readFileSync(fileOf(upload.mp4));
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));

    const webm = ffprobe(fileOf(upload.webm));
    expect(webm.duration).toBeGreaterThan(1.8);
    expect(webm.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'vp9', pix_fmt: 'yuv420p' });
    expect(webm.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('opus');

    const thumb = await sharp(fileOf(upload.thumbnail)).metadata();
    expect(thumb).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    expect(fs.existsSync(fileOf(upload.original))).toBe(true);
  });

  it('turns a rotated phone clip upright and leaves no rotation in the outputs', async () => {
    const id = await uploaded(clips.rotated, 'video');
    await handler()({ uploadId: id }, context());
    const upload = await row(id);
    expect(upload.encodingStatus).toBe('processed');
    for (const key of [upload.mp4, upload.webm]) {
      const video = ffprobe(fileOf(key)).streams.find((s) => s.codec_type === 'video')!;
      expect({ width: video.width, height: video.height }).toEqual({ width: 240, height: 320 });
      expect(video.side_data_list?.find((d) => d.rotation)?.rotation ?? 0).toBe(0);
      expect(video.tags?.rotate ?? '0').toBe('0');
    }
    expect(await sharp(fileOf(upload.thumbnail)).metadata()).toMatchObject({ width: 240, height: 320 });
  });

  it('re-encodes an iPhone-style HEVC .mov into H.264', async () => {
    expect(ffprobe(clips.hevc).streams[0]).toMatchObject({ codec_name: 'hevc', codec_tag_string: 'hvc1' });
    const id = await uploaded(clips.hevc, 'video');
    await handler()({ uploadId: id }, context());
    const upload = await row(id);
    expect(upload.encodingStatus).toBe('processed');
    expect(ffprobe(fileOf(upload.mp4)).streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
  });

  it('fails a truncated file with the reason and keeps its original', async () => {
    const id = await uploaded(clips.truncated, 'video');
    await handler()({ uploadId: id }, context());
    const upload = await row(id);
    expect(upload).toMatchObject({ encodingStatus: 'failed', mp4: null, webm: null, thumbnail: null });
    expect(upload.encodingError).toMatch(/could not be read as a video/);
    expect(fs.readFileSync(fileOf(upload.original))).toEqual(fs.readFileSync(clips.truncated));
  });

  it('fails a clip longer than the page takes, saying so', async () => {
    await t.db.updateTable('pages').set({ maxVideoSeconds: 1 }).where('id', '=', pageId).execute();
    try {
      const id = await uploaded(clips.clip, 'video');
      await handler()({ uploadId: id }, context());
      const upload = await row(id);
      expect(upload.encodingStatus).toBe('failed');
      expect(upload.encodingError).toBe('The clip is 2 s long; this page takes clips up to 1 s');
      expect(upload.mp4).toBeNull();
    } finally {
      await t.db.updateTable('pages').set({ maxVideoSeconds: null }).where('id', '=', pageId).execute();
    }
  });

  it('gives the same keys and no extra files when a job runs twice', async () => {
    const id = await uploaded(clips.clip, 'video');
    const dir = path.dirname(fileOf(`uploads/${band}/${id}/original.mp4`));
    await handler()({ uploadId: id }, context());
    const first = await row(id);
    const listing = fs.readdirSync(dir).sort();
    expect(listing).toEqual(['original.mp4', 'poster-0.jpg', 'poster-1.jpg', 'poster-2.jpg', 'video.mp4', 'video.webm']);

    // Delivered again after it finished: nothing is redone.
    const mtime = fs.statSync(fileOf(first.mp4)).mtimeMs;
    await handler()({ uploadId: id }, context(2));
    expect(fs.statSync(fileOf(first.mp4)).mtimeMs).toBe(mtime);

    // Delivered again after a worker died before the webm: the same files are written over.
    await t.db.updateTable('uploads').set({ encodingStatus: 'pending', webm: null }).where('id', '=', id).execute();
    await handler()({ uploadId: id }, context(2));
    const second = await row(id);
    expect([second.mp4, second.webm, second.thumbnail, second.encodingStatus]).toEqual([first.mp4, first.webm, first.thumbnail, 'processed']);
    expect(fs.readdirSync(dir).sort()).toEqual(listing);
  });

  it('turns a photo upright and strips its GPS position and all other metadata', async () => {
    const photo = path.join(work, 'gps.jpg');
    await makeGpsPhoto(photo);
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from(GPS_MARK))).toBe(true);

    const id = await uploaded(photo, 'image');
    await handler()({ uploadId: id }, context());
    const upload = await row(id);
    expect(upload).toMatchObject({ encodingStatus: 'processed', image: `uploads/${band}/${id}/image.jpg`, thumbnail: `uploads/${band}/${id}/thumbnail.jpg` });
    for (const key of [upload.image, upload.thumbnail]) {
      const bytes = fs.readFileSync(fileOf(key));
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 30, height: 60 });
      expect([meta.exif, meta.xmp, meta.iptc, meta.orientation]).toEqual([undefined, undefined, undefined, undefined]);
      expect(bytes.includes(Buffer.from(GPS_MARK))).toBe(false);
      expect(bytes.includes(Buffer.from('TestPhone'))).toBe(false);
    }
    expect(fs.readFileSync(fileOf(upload.original))).toEqual(fs.readFileSync(photo));
  });

  it('converts an iPhone HEIC photo (HEVC, which sharp alone cannot read) to JPEG', async () => {
    const heic = path.join(work, 'photo.heic');
    makeHeic(tools.ffmpeg, heic);
    const id = await uploaded(heic, 'image');
    await handler()({ uploadId: id }, context());
    const upload = await row(id);
    expect([upload.encodingStatus, upload.encodingError]).toEqual(['processed', null]);
    const { data, info } = await sharp(fileOf(upload.image)).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([64, 48]);
    // The picture is the solid blue it was made with.
    const [r, g, b] = data;
    expect(Math.abs(r - 0x20) + Math.abs(g - 0x80) + Math.abs(b - 0xe0)).toBeLessThan(30);
  });

  it('fails a file that is no image with the reason', async () => {
    const junk = path.join(work, 'junk.jpg');
    fs.writeFileSync(junk, Buffer.from('not a picture at all'));
    const id = await uploaded(junk, 'image');
    await handler()({ uploadId: id }, context());
    const upload = await row(id);
    expect(upload.encodingStatus).toBe('failed');
    expect(upload.encodingError).toMatch(/^The image could not be read/);
  });

  /** A model that notes the pictures it was shown (their sizes) and answers one calm label, or fails. */
  const watchingModel = (fail = false) => {
    const seen: { width?: number; height?: number }[] = [];
    const provider: ModerationProvider = {
      name: 'watching',
      flaggedLabels: new Set(['Porn']),
      async classify(files) {
        for (const file of files) seen.push(await sharp(file).metadata());
        if (fail) throw new Error('The model is down');
        return [{ name: 'Neutral', confidence: 0.97 }];
      },
    };
    return { provider, seen };
  };
  const moderationJobsOf = async (id: string) =>
    (await t.db.selectFrom('jobs').select('payload').where('kind', '=', MODERATE_UPLOAD_JOB).execute()).filter((job) => job.payload.includes(id));

  it('gives the verdict with the processing, on three frames of its own decode, and queues no moderation job', async () => {
    const id = await uploaded(clips.clip, 'video');
    const { provider, seen } = watchingModel();
    await processUploadHandler(t.app.deps, undefined, provider)({ uploadId: id }, context());
    expect(await row(id)).toMatchObject({
      encodingStatus: 'processed',
      moderationStatus: 'processed',
      isAllowed: 1,
      moderationLabels: JSON.stringify([{ name: 'Neutral', confidence: 0.97 }]),
    });
    expect(seen).toEqual(Array.from({ length: 3 }, () => expect.objectContaining({ width: 320, height: 240 })));
    expect(await moderationJobsOf(id)).toEqual([]);
  });

  it('queues the moderation job when the model fails during the processing, and the clip is still reviewable', async () => {
    const id = await uploaded(clips.clip, 'video');
    await processUploadHandler(t.app.deps, undefined, watchingModel(true).provider)({ uploadId: id }, context());
    expect(await row(id)).toMatchObject({ encodingStatus: 'processed', moderationStatus: 'pending' });
    expect(await moderationJobsOf(id)).toHaveLength(1);
  });

  it('gives a photo its verdict with the processing, on the web copy', async () => {
    const photo = path.join(work, 'verdict.jpg');
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#208040' } })
      .jpeg()
      .toFile(photo);
    const id = await uploaded(photo, 'image');
    const { provider, seen } = watchingModel();
    await processUploadHandler(t.app.deps, undefined, provider)({ uploadId: id }, context());
    expect(await row(id)).toMatchObject({ encodingStatus: 'processed', moderationStatus: 'processed', isAllowed: 1 });
    expect(seen).toEqual([expect.objectContaining({ width: 800, height: 600 })]);
    expect(await moderationJobsOf(id)).toEqual([]);
  });

  it('processes and moderates an upload queued the way a fan submission queues it', async () => {
    const id = await uploaded(clips.clip, 'video');
    await t.app.deps.queue.enqueue(PROCESS_UPLOAD_JOB, { uploadId: id });
    await t.app.deps.queue.start(1);
    const deadline = Date.now() + 150_000;
    // Processed and moderated (by the processing job itself, with the app's model).
    while ((await row(id)).moderationStatus !== 'processed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await row(id)).toMatchObject({ encodingStatus: 'processed', moderationStatus: 'processed', isAllowed: 1 });
  }, 180_000);
});

describe.each(testDatabases.slice(0, 1))('processing uploads on the S3 driver against s3rver ($name)', (kind) => {
  let t: TestApp;
  let s3: S3rver;
  let work: string;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-media-s3-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(work, 's3'), configureBuckets: [{ name: 'fan-files' }] });
    const { port } = await s3.run();
    t = await createTestApp(kind, {
      config: { s3: { bucket: 'fan-files', region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('reads the original from the bucket and writes the outputs there', async () => {
    const { clip } = makeClips(path.join(work, 'clips'));
    const { band } = await demoAccounts(t.db);
    const pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    const files = t.app.deps.files;
    const id = newId();
    const original = `uploads/${band}/${id}/original.mp4`;
    await files.putFromFile(clip, original, 'video/mp4');
    await t.db
      .insertInto('uploads')
      .values(pendingUpload({ id, accountId: band, pageId, type: 'video', original }))
      .execute();

    await processUploadHandler(t.app.deps)(
      { uploadId: id },
      { id: 'job', kind: PROCESS_UPLOAD_JOB, attempt: 1, maxAttempts: 5, signal: new AbortController().signal },
    );
    await encodeWebmHandler(t.app.deps)(
      { uploadId: id },
      { id: 'job', kind: ENCODE_WEBM_JOB, attempt: 1, maxAttempts: 5, signal: new AbortController().signal },
    );
    const upload = await t.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([upload.encodingStatus, upload.encodingError]).toEqual(['processed', null]);
    const back = path.join(work, 'back.mp4');
    await files.getToFile(upload.mp4!, back);
    expect(ffprobe(back).streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
    const head = await files.probe(upload.webm!, 4);
    expect(head?.head).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    await expect(files.getToFile(`uploads/${band}/${id}/missing.mp4`, path.join(work, 'none'))).rejects.toThrow();
  });
});
