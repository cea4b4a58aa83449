import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPriority, PROCESS_UPLOAD_JOB, RENDER_REEL_JOB } from '#shared/domain/constants';
import { newId, nowIso } from '../../server/db/rows';
import type { LocalFileStore } from '../../server/files/local';
import type { JobContext } from '../../server/adapters/queue';
import { processUploadHandler } from '../../server/jobs/processUpload';
import { renderReelHandler } from '../../server/jobs/renderReel';
import { ffprobe, pendingUpload, tools } from '../fixtures/media';
import { makeReelClips, SOURCE_LOCATION } from '../fixtures/reelClips';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';

const job = (kind: string): JobContext => ({ id: 'job', kind, attempt: 1, maxAttempts: 5, signal: new AbortController().signal });
const ffmpeg = (...args: string[]) => execFileSync(tools.ffmpeg, ['-hide_banner', '-nostats', ...args]);
/** What a filter reports of one stream of the file (ffmpeg's filters report on stderr). */
function filterLog(file: string, filter: string, stream: 'v' | 'a'): string {
  const run = spawnSync(tools.ffmpeg, ['-hide_banner', '-nostats', '-i', file, '-map', `0:${stream}`, ...(stream === 'v' ? ['-vf', filter] : ['-af', filter]), '-f', 'null', '-'], { encoding: 'utf8' });
  return run.stderr;
}

describe('reel jobs', () => {
  it('run after every job of an upload', () => {
    for (const kind of [PROCESS_UPLOAD_JOB, 'encode-webm', 'moderate-upload', 'dropbox-copy']) expect(jobPriority(RENDER_REEL_JOB)).toBeLessThan(jobPriority(kind));
  });
});

let clipsDir: string;
let clips: ReturnType<typeof makeReelClips>;
beforeAll(() => {
  clipsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-reel-clips-'));
  clips = makeReelClips(clipsDir);
});
afterAll(() => fs.rmSync(clipsDir, { recursive: true, force: true }));

describe.each(testDatabases)('highlight reels ($name)', (kind) => {
  let t: TestApp;
  let band: string;
  let team: string;
  let pageId: string;
  let files: LocalFileStore;
  const cookies: Record<string, string> = {};
  const api = (email: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: cookies[email] }, ...(payload ? { payload } : {}) });
  const reelsOf = (account: string) => `/api/accounts/${account}/reels`;
  const render = (reelId: string, preset = 'ultrafast') => renderReelHandler(t.app.deps, undefined, { preset })({ reelId }, job(RENDER_REEL_JOB));

  /** A fan's clip as staff see it once reviewed: processed by the real pipeline, approved, moderation passed; the fan's handle on the submission. */
  async function approvedVideo(file: string, { account = band, page = pageId, instagram = null as string | null, email = `fan-${newId().toLowerCase()}@fans.example` } = {}) {
    const id = newId();
    const original = `uploads/${account}/${id}/original${path.extname(file)}`;
    await files.putFromFile(file, original, 'application/octet-stream');
    await t.db.insertInto('uploads').values(pendingUpload({ id, accountId: account, pageId: page, type: 'video', original })).execute();
    await processUploadHandler(t.app.deps)({ uploadId: id }, job(PROCESS_UPLOAD_JOB));
    await t.db.updateTable('uploads').set({ approvedAt: nowIso(), moderationStatus: 'processed', status: 'processed' }).where('id', '=', id).execute();
    await t.db
      .insertInto('submissions')
      .values({ id: newId(), accountId: account, pageId: page, uploadId: id, email, instagram, marketingConsent: 0, termsAccepted: '[]', createdAt: nowIso() })
      .execute();
    return { id, email };
  }
  const reel = async (id: string) => (await api('owner@example.com', 'GET', `${reelsOf(band)}/${id}`)).json();
  const fileOf = (key: string) => files.pathOf(key)!;

  beforeAll(async () => {
    t = await createTestApp(kind);
    files = t.app.deps.files as LocalFileStore;
    ({ band, team } = await demoAccounts(t.db));
    pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    for (const email of ['owner@example.com', 'readonly@example.com', 'admin@example.com']) cookies[email] = await signIn(t.app, email);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('making a reel', () => {
    let ok: string;
    let hidden: string;
    let unreviewed: string;
    let others: string;
    beforeAll(async () => {
      ok = (await approvedVideo(clips.landscape)).id;
      hidden = (await approvedVideo(clips.portrait)).id;
      await t.db.updateTable('uploads').set({ isHidden: 1 }).where('id', '=', hidden).execute();
      unreviewed = (await approvedVideo(clips.portrait)).id;
      await t.db.updateTable('uploads').set({ moderationStatus: 'pending' }).where('id', '=', unreviewed).execute();
      const teamPage = (await t.db.selectFrom('pages').select('id').where('accountId', '=', team).executeTakeFirstOrThrow()).id;
      others = (await approvedVideo(clips.landscape, { account: team, page: teamPage })).id;
    }, 120_000);

    it('names each clip that cannot be in a reel (400), and writes nothing', async () => {
      const response = await api('owner@example.com', 'POST', reelsOf(band), { name: 'Bad', clips: [others, hidden, unreviewed, ok] });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((e: { path: string; message: string }) => [e.path, e.message])).toEqual([
        ['clips.0', 'Clip 1: no such video in this account'],
        ['clips.1', 'Clip 2: this video is hidden'],
        ['clips.2', 'Clip 3: this video is not approved'],
      ]);
      expect((await api('owner@example.com', 'GET', reelsOf(band))).json().total).toBe(0);
    });

    it('refuses more than 20 clips, an empty name and a malformed cut (400)', async () => {
      const many = await api('owner@example.com', 'POST', reelsOf(band), { name: 'Long', clips: Array(21).fill(ok) });
      expect(many.statusCode).toBe(400);
      expect(many.json().errors[0]).toMatchObject({ path: 'clips', message: 'At most 20' });
      const unnamed = await api('owner@example.com', 'POST', reelsOf(band), { name: '  ', clips: [ok] });
      expect(unnamed.statusCode).toBe(400);
      expect(unnamed.json().errors[0]).toMatchObject({ path: 'name', message: 'Required' });
      const cut = await api('owner@example.com', 'POST', reelsOf(band), { name: 'Cut', clips: [`${ok}@5-2`] });
      expect(cut.statusCode).toBe(400);
      expect(cut.json().errors[0].path).toBe('clips.0');
    });

    it('is a Pro feature (402 with the reels upsell) that platform admins bypass; read-only members may not', async () => {
      const teamClip = { name: 'Team', clips: [others] };
      const free = await api('owner@example.com', 'POST', reelsOf(team), teamClip);
      expect(free.statusCode).toBe(402);
      expect(free.json()).toMatchObject({ message: 'Highlight reels are part of the Pro plan. Please upgrade your plan.', errors: [{ path: 'upsell', message: 'reels' }] });
      expect((await api('admin@example.com', 'POST', reelsOf(team), teamClip)).statusCode).toBe(201);
      expect((await api('readonly@example.com', 'POST', reelsOf(band), { name: 'Mine', clips: [ok] })).statusCode).toBe(403);
    });

    it('queues the render of a reel made of good clips; read-only members may not render it', async () => {
      const response = await api('owner@example.com', 'POST', reelsOf(band), { name: 'Encore', clips: [ok, `${ok}@1-3.5`], credits: true });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ name: 'Encore', status: 'queued', progress: 0, credits: true, urls: null, clips: [ok, `${ok}@1-3.5`] });
      const render = await api('readonly@example.com', 'POST', `${reelsOf(band)}/${response.json().id}/render`);
      expect(render.statusCode).toBe(403);
    });

    it('loses a clip its fan had erased, in the same write, and waits for its render without it', async () => {
      const kept = await approvedVideo(clips.landscape);
      const erased = await approvedVideo(clips.portrait);
      const made = (await api('owner@example.com', 'POST', reelsOf(band), { name: 'Before the erasure', clips: [kept.id, erased.id] })).json();
      expect((await api('owner@example.com', 'POST', `/api/accounts/${band}/fans/erase`, { email: erased.email })).statusCode).toBe(200);
      expect(await reel(made.id)).toMatchObject({ status: 'outOfDate', clips: [kept.id], urls: null });
      expect((await t.app.deps.queue.stats()).find((stats) => stats.kind === RENDER_REEL_JOB)?.queued).toBeGreaterThan(0);
    });
  });

  // The render is ffmpeg's work on files, the same whatever the database; what the database does
  // (clips leaving reels with their upload, in one write) is tested on both above.
  describe.runIf(kind.name === 'sqlite')('rendering', () => {
    let made: { id: string; email: string }[];
    let reelId: string;
    const creditReels: string[] = [];
    beforeAll(async () => {
      await t.db.updateTable('accounts').set({ primaryColor: '#d94f30' }).where('id', '=', band).execute();
      await t.db.insertInto('webhooks').values({ accountId: band, url: 'https://hooks.example/reels', secret: 'unused', createdAt: nowIso(), updatedAt: nowIso() }).execute();
      made = [];
      for (const [file, handle] of [
        [clips.portrait, 'portrait.fan'],
        [clips.landscape, null],
        [clips.rotated, null],
        [clips.webm, null],
        [clips.blackStart, null],
        [clips.quietStart, null],
      ] as const) made.push(await approvedVideo(file, { instagram: handle }));
      // The black-started and quiet-started clips are cut by the analysis; the others by staff, short, to keep the render small.
      const clipTexts = made.map((m, i) => (i < 4 ? `${m.id}@1-3` : m.id));
      const response = await api('owner@example.com', 'POST', reelsOf(band), { name: 'Best of the night', clips: clipTexts, credits: true });
      expect(response.statusCode).toBe(201);
      reelId = response.json().id;
      await render(reelId);
    }, 300_000);

    it('makes three H.264/AAC mp4s of the three shapes, as long as planned', async () => {
      const done = await reel(reelId);
      expect(done).toMatchObject({ status: 'done', progress: 100, error: null });
      expect(Object.keys(done.urls)).toEqual(['vertical', 'square', 'landscape']);
      for (const [key, size] of [
        [done.verticalKey, [1080, 1920]],
        [done.squareKey, [1080, 1080]],
        [done.landscapeKey, [1920, 1080]],
      ] as const) {
        const probe = ffprobe(fileOf(key));
        const video = probe.streams.find((s) => s.codec_type === 'video')!;
        expect([video.codec_name, video.width, video.height]).toEqual(['h264', ...size]);
        expect(probe.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
        expect(Math.abs(probe.duration - done.duration)).toBeLessThan(0.5);
      }
      // Four cuts of 2 s, two chosen parts of at least 4 s, two cards, seven crossfades.
      expect(done.duration).toBeGreaterThan(4 * 2 + 2 * 4 + 2 * 1.5 - 7 * 0.4 - 0.01);
      // The account's endpoint hears of it.
      const deliveries = await t.db.selectFrom('webhookDeliveries').select(['event', 'body']).where('accountId', '=', band).where('event', '=', 'reel.ready').execute();
      expect(deliveries.map((d) => JSON.parse(d.body).data.reel)).toEqual([{ id: reelId, accountId: band, name: 'Best of the night', duration: done.duration }]);
      // Addresses staff can open: signed, the video's bytes behind them.
      const served = await t.app.inject({ method: 'GET', url: done.urls.vertical.replace(/^https?:\/\/[^/]+/, '') });
      expect(served.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `/files/${done.verticalKey}` })).statusCode).not.toBe(200);
    });

    it('shows no black longer than 0.2 s, plays at -14 LUFS and carries no metadata of the sources', async () => {
      const done = await reel(reelId);
      for (const key of [done.verticalKey, done.squareKey, done.landscapeKey]) {
        expect(filterLog(fileOf(key), 'blackdetect=d=0.2:pix_th=0.10', 'v')).not.toMatch(/black_start/);
        const integrated = [...filterLog(fileOf(key), 'ebur128', 'a').matchAll(/I:\s+(-?[\d.]+) LUFS/g)].pop()!;
        expect(Math.abs(Number(integrated[1]) + 14)).toBeLessThanOrEqual(1);
        const tags = execFileSync(tools.ffprobe, ['-v', 'error', '-show_entries', 'format_tags:stream_tags', '-of', 'json', fileOf(key)]).toString();
        expect(tags).not.toMatch(/location/i);
        expect(tags).not.toContain(SOURCE_LOCATION);
      }
    });

    it("draws the fan's handle only when credits are on", async () => {
      const portrait = made[0].id;
      const frameOf = async (credits: boolean) => {
        const id = (await api('owner@example.com', 'POST', reelsOf(band), { name: `Credits ${credits}`, clips: [`${portrait}@0-2`], credits })).json().id;
        creditReels.push(id);
        await render(id);
        const png = path.join(clipsDir, `credits-${credits}-${kind.name}.png`);
        ffmpeg('-v', 'error', '-y', '-ss', '2', '-i', fileOf((await reel(id)).verticalKey), '-frames:v', '1', png);
        return png;
      };
      const [on, off] = [await frameOf(true), await frameOf(false)];
      // The credit's plate: bottom left of the 9:16 frame; the top of the frame as a control.
      const region = async (file: string, top: number) => sharp(file).extract({ left: 48, top, width: 240, height: 64 }).greyscale().raw().toBuffer();
      const difference = (a: Buffer, b: Buffer) => a.reduce((sum, value, i) => sum + Math.abs(value - b[i]), 0) / a.length;
      expect(difference(await region(on, 1920 - 136), await region(off, 1920 - 136))).toBeGreaterThan(20);
      expect(difference(await region(on, 200), await region(off, 200))).toBeLessThan(5);
    }, 120_000);

    it("renders the reel again without an erased fan's clip, its earlier videos gone at once", async () => {
      const before = await reel(reelId);
      const erased = made[1];
      const erasure = await api('owner@example.com', 'POST', `/api/accounts/${band}/fans/erase`, { email: erased.email });
      expect(erasure.statusCode).toBe(200);
      const outOfDate = await reel(reelId);
      expect(outOfDate).toMatchObject({ status: 'outOfDate', urls: null, verticalKey: null });
      expect(outOfDate.clips).toHaveLength(5);
      expect(outOfDate.clips.join()).not.toContain(erased.id);
      for (const key of [before.verticalKey, before.squareKey, before.landscapeKey]) expect(fs.existsSync(fileOf(key))).toBe(false);

      await render(reelId);
      const after = await reel(reelId);
      expect(after.status).toBe('done');
      // One 2 s cut less, and its crossfade.
      expect(after.duration).toBeCloseTo(before.duration - (2 - 0.4), 1);
      expect(Math.abs(ffprobe(fileOf(after.verticalKey)).duration - after.duration)).toBeLessThan(0.5);
    }, 180_000);

    it('marks a reel out of date when a clip is hidden or deleted, and removes a reel left with no clip', async () => {
      const creditFiles = await Promise.all(creditReels.map(async (id) => fileOf((await reel(id)).verticalKey)));
      const hidden = await api('owner@example.com', 'POST', `/api/upload-videos/${made[0].id}/hidden`);
      expect(hidden.statusCode).toBe(200);
      for (const id of creditReels) expect((await api('owner@example.com', 'GET', `${reelsOf(band)}/${id}`)).statusCode).toBe(404);
      for (const file of creditFiles) expect(fs.existsSync(file)).toBe(false);
      const main = await reel(reelId);
      expect(main).toMatchObject({ status: 'outOfDate', urls: null });
      expect(main.clips).toHaveLength(4);

      expect((await api('owner@example.com', 'DELETE', `/api/upload-videos/${made[2].id}`)).statusCode).toBe(204);
      expect((await reel(reelId)).clips).toHaveLength(3);
      expect((await api('owner@example.com', 'DELETE', `${reelsOf(band)}/${reelId}`)).statusCode).toBe(200);
      expect((await api('owner@example.com', 'GET', `${reelsOf(band)}/${reelId}`)).json().message).toBe('Reel Not Found');
    });
  });
});
