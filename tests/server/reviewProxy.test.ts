import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENCODE_MP4_JOB, ENCODE_WEBM_JOB, jobPriority, PROCESS_UPLOAD_JOB } from '#shared/domain/constants';
import { newId } from '../../server/db/rows';
import type { LocalFileStore } from '../../server/files/local';
import { encodeMp4Handler, encodeWebmHandler, processUploadHandler } from '../../server/jobs/processUpload';
import type { JobContext } from '../../server/adapters/queue';
import { ffprobe, pendingUpload, tools } from '../fixtures/media';
import { madeUpClipInputs } from '../../scripts/seed/content/media';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';

/** An iPhone-style HEVC .mov taller than the proxy's 720 lines (1280x960, 2 s of a test pattern, and a tone). */
function makeHevc(file: string): string {
  execFileSync(tools.ffmpeg, [
    ...madeUpClipInputs('testsrc2=size=1280x960:rate=15', 440),
    '-t',
    '2',
    '-c:v',
    'libx265',
    '-preset',
    'ultrafast',
    '-x265-params',
    'log-level=error',
    '-tag:v',
    'hvc1',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    file,
  ]);
  return file;
}

const videoOf = (file: string) => ffprobe(file).streams.find((s) => s.codec_type === 'video')!;

// Media processing does not depend on the database: real ffmpeg runs once, on the first kind.
describe.each(testDatabases.slice(0, 1))('a clip that must be encoded is reviewable as a proxy first ($name)', { timeout: 180_000 }, (kind) => {
  let t: TestApp;
  let band: string;
  let pageId: string;
  let owner: string;
  let work: string;
  let files: LocalFileStore;
  let hevc: string;
  const context = (jobKind: string): JobContext => ({ id: 'job', kind: jobKind, attempt: 1, maxAttempts: 5, signal: new AbortController().signal });
  const row = (id: string) => t.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const folderOf = (id: string) => path.dirname(files.pathOf(`uploads/${band}/${id}/original.mov`)!);
  /** The content dialog's read of the upload. */
  const dialog = async (id: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/accounts/${band}/videos/${id}`, headers: { cookie: owner } });
    expect(response.statusCode).toBe(200);
    return response.json() as { mp4: string; mp4Proxy?: boolean; webm: string | null };
  };
  const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

  beforeAll(async () => {
    t = await createTestApp(kind);
    files = t.app.deps.files as LocalFileStore;
    ({ band } = await demoAccounts(t.db));
    pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    owner = await signIn(t.app, 'owner@example.com');
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-proxy-'));
    hevc = makeHevc(path.join(work, 'iphone.mov'));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  async function processed() {
    const id = newId();
    const original = `uploads/${band}/${id}/original.mov`;
    await files.putFromFile(hevc, original, 'video/quicktime');
    await t.db
      .insertInto('uploads')
      .values(pendingUpload({ id, accountId: band, pageId, type: 'video', original }))
      .execute();
    await processUploadHandler(t.app.deps)({ uploadId: id }, context(PROCESS_UPLOAD_JOB));
    return id;
  }

  it('is reviewable as a 720p H.264 proxy, then the dialog plays the full-size mp4 that replaced it and the proxy is gone', async () => {
    const id = await processed();
    const first = await row(id);
    expect(first).toMatchObject({ encodingStatus: 'processed', mp4: `uploads/${band}/${id}/review.mp4`, mp4Proxy: 1 });
    const proxy = videoOf(files.pathOf(first.mp4!)!);
    expect(proxy).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 960, height: 720 });
    // The full mp4 waits with the webm, behind every clip still to be made reviewable.
    const queued = await t.db.selectFrom('jobs').select(['kind', 'priority', 'payload']).where('kind', 'in', [ENCODE_MP4_JOB, ENCODE_WEBM_JOB]).execute();
    const mine = queued.filter((job) => job.payload.includes(id));
    expect(mine.map((job) => job.kind).sort()).toEqual([ENCODE_MP4_JOB, ENCODE_WEBM_JOB]);
    expect(new Set(mine.map((job) => job.priority))).toEqual(new Set([jobPriority(ENCODE_WEBM_JOB)]));
    expect(jobPriority(ENCODE_MP4_JOB)).toBeLessThan(jobPriority(PROCESS_UPLOAD_JOB));

    const before = await dialog(id);
    expect(before.mp4Proxy).toBe(true);
    expect(before.mp4).toContain('review.mp4');
    expect(await served(before.mp4)).toBe(200);

    await encodeMp4Handler(t.app.deps)({ uploadId: id }, context(ENCODE_MP4_JOB));
    const after = await row(id);
    expect(after).toMatchObject({ encodingStatus: 'processed', mp4: `uploads/${band}/${id}/video.mp4`, mp4Proxy: 0 });
    expect(videoOf(files.pathOf(after.mp4!)!)).toMatchObject({ codec_name: 'h264', profile: 'High', width: 1280, height: 960 });
    expect(ffprobe(files.pathOf(after.mp4!)!).duration).toBeGreaterThan(1.8);
    const now = await dialog(id);
    expect(now.mp4Proxy).toBe(false);
    expect(now.mp4).toContain('video.mp4');
    expect(await served(now.mp4)).toBe(200);
    expect(await served(before.mp4)).toBe(404);
    expect(fs.readdirSync(folderOf(id)).sort()).toEqual(['original.mov', 'poster-0.jpg', 'poster-1.jpg', 'poster-2.jpg', 'video.mp4']);

    // Delivered again: nothing is redone.
    const mtime = fs.statSync(files.pathOf(after.mp4!)!).mtimeMs;
    await encodeMp4Handler(t.app.deps)({ uploadId: id }, context(ENCODE_MP4_JOB));
    expect(fs.statSync(files.pathOf(after.mp4!)!).mtimeMs).toBe(mtime);
  });

  it('leaves no file behind when the upload is deleted while it has its proxy, nor when the full mp4 is made after', async () => {
    const id = await processed();
    await encodeWebmHandler(t.app.deps)({ uploadId: id }, context(ENCODE_WEBM_JOB));
    expect(fs.readdirSync(folderOf(id)).sort()).toEqual(['original.mov', 'poster-0.jpg', 'poster-1.jpg', 'poster-2.jpg', 'review.mp4', 'video.webm']);
    const deleted = await t.app.inject({ method: 'POST', url: `/api/accounts/${band}/videos/delete`, headers: { cookie: owner }, payload: { ids: [id] } });
    expect(deleted.statusCode).toBe(200);
    expect(fs.existsSync(folderOf(id)) ? fs.readdirSync(folderOf(id)) : []).toEqual([]);
    // Its job, run after: finds nothing to do and writes nothing.
    await encodeMp4Handler(t.app.deps)({ uploadId: id }, context(ENCODE_MP4_JOB));
    expect(fs.existsSync(folderOf(id)) ? fs.readdirSync(folderOf(id)) : []).toEqual([]);
  });
});
