import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../server/db/rows';
import { ffprobe, tools } from '../fixtures/media';
import { SOURCE_LOCATION } from '../fixtures/reelClips';
import { testDatabases } from './helpers';
import { REEL_TEST_SCALE, useReelWorld } from './reelSupport';

const ffmpeg = (...args: string[]) => execFileSync(tools.ffmpeg, ['-hide_banner', '-nostats', ...args]);
/** What a filter reports of one stream of the file (ffmpeg's filters report on stderr). */
function filterLog(file: string, filter: string, stream: 'v' | 'a'): string {
  const run = spawnSync(
    tools.ffmpeg,
    ['-hide_banner', '-nostats', '-i', file, '-map', `0:${stream}`, ...(stream === 'v' ? ['-vf', filter] : ['-af', filter]), '-f', 'null', '-'],
    { encoding: 'utf8' },
  );
  return run.stderr;
}

// Every check of the render's output runs on SQLite; on PostgreSQL a smaller reel renders, loses a
// fan's clip and renders again (the database's part: the clips read, progress, outputs and the
// webhook written), so the suite pays for one full set of renders, not two.
const kind = testDatabases[0];
const postgres = testDatabases.find((database) => database.name === 'postgres');

describe.runIf(postgres)('a highlight reel rendered on PostgreSQL', () => {
  const { w, api, reelsOf, render, approvedVideo, reel, fileOf } = useReelWorld(postgres!);

  it("renders its three shapes, then again without an erased fan's clip", async () => {
    const made = [await approvedVideo(w.clips.landscape), await approvedVideo(w.clips.portrait)];
    const created = await api('owner@example.com', 'POST', reelsOf(w.band), { name: 'Encore', clips: made.map((m) => `${m.id}@0-2`) });
    expect(created.statusCode).toBe(201);
    const reelId = created.json().id;
    await render(reelId);
    const before = await reel(reelId);
    expect(before).toMatchObject({ status: 'done', progress: 100, error: null });
    for (const [key, size] of [
      [before.verticalKey, [270, 480]],
      [before.squareKey, [270, 270]],
      [before.landscapeKey, [480, 270]],
    ] as const) {
      const video = ffprobe(fileOf(key)).streams.find((s) => s.codec_type === 'video')!;
      expect([video.width, video.height]).toEqual(size);
    }
    expect((await api('owner@example.com', 'POST', `/api/accounts/${w.band}/fans/erase`, { email: made[1].email })).statusCode).toBe(200);
    expect(await reel(reelId)).toMatchObject({ status: 'outOfDate', urls: null });
    await render(reelId);
    const after = await reel(reelId);
    expect(after.status).toBe('done');
    expect(after.clips).toEqual([`${made[0].id}@0-2`]);
    expect(after.duration).toBeCloseTo(before.duration - (2 - 0.4), 1);
  }, 180_000);
});

describe('highlight reels, rendered', () => {
  const { w, api, reelsOf, render, approvedVideo, reel, fileOf } = useReelWorld(kind);

  describe('rendering', () => {
    let made: { id: string; email: string }[];
    let reelId: string;
    const creditReels: string[] = [];
    beforeAll(async () => {
      await w.t.db.updateTable('accounts').set({ primaryColor: '#d94f30' }).where('id', '=', w.band).execute();
      await w.t.db
        .insertInto('webhooks')
        .values({ accountId: w.band, url: 'https://hooks.example/reels', secret: 'unused', createdAt: nowIso(), updatedAt: nowIso() })
        .execute();
      made = [];
      for (const [file, handle] of [
        [w.clips.portrait, 'portrait.fan'],
        [w.clips.landscape, null],
        [w.clips.rotated, null],
        [w.clips.webm, null],
        [w.clips.blackStart, null],
        [w.clips.quietStart, null],
      ] as const)
        made.push(await approvedVideo(file, { instagram: handle }));
      // The black-started and quiet-started clips are cut by the analysis; the others by staff, short, to keep the render small.
      const clipTexts = made.map((m, i) => (i < 4 ? `${m.id}@1-3` : m.id));
      const response = await api('owner@example.com', 'POST', reelsOf(w.band), { name: 'Best of the night', clips: clipTexts, credits: true });
      expect(response.statusCode).toBe(201);
      reelId = response.json().id;
      await render(reelId);
    }, 300_000);

    it('makes three H.264/AAC mp4s of the three shapes, as long as planned', async () => {
      const done = await reel(reelId);
      expect(done).toMatchObject({ status: 'done', progress: 100, error: null });
      expect(Object.keys(done.urls)).toEqual(['vertical', 'square', 'landscape']);
      // A quarter of 1080x1920, 1080x1080 and 1920x1080.
      for (const [key, size] of [
        [done.verticalKey, [270, 480]],
        [done.squareKey, [270, 270]],
        [done.landscapeKey, [480, 270]],
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
      const deliveries = await w.t.db
        .selectFrom('webhookDeliveries')
        .select(['event', 'body'])
        .where('accountId', '=', w.band)
        .where('event', '=', 'reel.ready')
        .execute();
      expect(deliveries.map((d) => JSON.parse(d.body).data.reel)).toEqual([
        { id: reelId, accountId: w.band, name: 'Best of the night', duration: done.duration },
      ]);
      // Addresses staff can open: signed, the video's bytes behind them.
      const served = await w.t.app.inject({ method: 'GET', url: done.urls.vertical.replace(/^https?:\/\/[^/]+/, '') });
      expect(served.statusCode).toBe(200);
      expect((await w.t.app.inject({ method: 'GET', url: `/files/${done.verticalKey}` })).statusCode).not.toBe(200);
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
        const id = (await api('owner@example.com', 'POST', reelsOf(w.band), { name: `Credits ${credits}`, clips: [`${portrait}@0-2`], credits })).json().id;
        creditReels.push(id);
        await render(id);
        const png = path.join(w.clipsDir, `credits-${credits}-${kind.name}.png`);
        ffmpeg('-v', 'error', '-y', '-ss', '2', '-i', fileOf((await reel(id)).verticalKey), '-frames:v', '1', png);
        return png;
      };
      const [on, off] = [await frameOf(true), await frameOf(false)];
      // The credit's plate: bottom left of the 9:16 frame (48 px in, 136 px up at 1080x1920); the top of the frame as a control.
      const px = (n: number) => Math.round(n * REEL_TEST_SCALE);
      const region = async (file: string, top: number) =>
        sharp(file)
          .extract({ left: px(48), top, width: px(240), height: px(64) })
          .greyscale()
          .raw()
          .toBuffer();
      const difference = (a: Buffer, b: Buffer) => a.reduce((sum, value, i) => sum + Math.abs(value - b[i]), 0) / a.length;
      expect(difference(await region(on, px(1920 - 136)), await region(off, px(1920 - 136)))).toBeGreaterThan(20);
      expect(difference(await region(on, px(200)), await region(off, px(200)))).toBeLessThan(5);
    }, 120_000);

    it("renders the reel again without an erased fan's clip, its earlier videos gone at once", async () => {
      const before = await reel(reelId);
      const erased = made[1];
      const erasure = await api('owner@example.com', 'POST', `/api/accounts/${w.band}/fans/erase`, { email: erased.email });
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
      for (const id of creditReels) expect((await api('owner@example.com', 'GET', `${reelsOf(w.band)}/${id}`)).statusCode).toBe(404);
      for (const file of creditFiles) expect(fs.existsSync(file)).toBe(false);
      const main = await reel(reelId);
      expect(main).toMatchObject({ status: 'outOfDate', urls: null });
      expect(main.clips).toHaveLength(4);

      expect((await api('owner@example.com', 'DELETE', `/api/upload-videos/${made[2].id}`)).statusCode).toBe(204);
      expect((await reel(reelId)).clips).toHaveLength(3);
      expect((await api('owner@example.com', 'DELETE', `${reelsOf(w.band)}/${reelId}`)).statusCode).toBe(200);
      expect((await api('owner@example.com', 'GET', `${reelsOf(w.band)}/${reelId}`)).json().message).toBe('Reel Not Found');
    });
  });
});
