import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_UPLOAD_JOB } from '#shared/domain/constants';
import { newId } from '../../server/db/rows';
import type { LocalFileStore } from '../../server/files/local';
import { posterKeys, processUploadHandler } from '../../server/jobs/processUpload';
import type { JobContext } from '../../server/adapters/queue';
import { pendingUpload } from '../fixtures/media';
import { frameAt, makePosterClips, POSTER_CLIP } from '../fixtures/posterClips';
import { createPage } from '../../server/services/pages';
import { createUser } from '../../server/services/users';
import { addMember } from '../../server/services/accountCreate';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';
import { insertUpload } from './uploadFixtures';

const lookOf = async (file: string) => {
  const stats = await sharp(file).greyscale().stats();
  return { mean: stats.channels[0].mean, sharpness: stats.sharpness };
};

// Choosing among frames does not depend on the database: real ffmpeg runs once, on the first kind.
describe.each(testDatabases.slice(0, 1))("a clip's poster ($name)", { timeout: 90_000 }, (kind) => {
  let t: TestApp;
  let band: string;
  let pageId: string;
  let work: string;
  let files: LocalFileStore;
  let owner: string;
  let sharp3: { mean: number; sharpness: number };
  const processed: Record<'remux' | 'encode', string> = { remux: '', encode: '' };
  const context: JobContext = { id: 'job', kind: PROCESS_UPLOAD_JOB, attempt: 1, maxAttempts: 5, signal: new AbortController().signal };
  const row = (id: string) => t.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(kind);
    files = t.app.deps.files as LocalFileStore;
    ({ band } = await demoAccounts(t.db));
    pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-poster-'));
    const clips = makePosterClips(work);
    sharp3 = await lookOf(frameAt(clips.remux, 4, path.join(work, 'sharp.jpg')));
    for (const [name, clip] of Object.entries(clips) as ['remux' | 'encode', string][]) {
      const id = newId();
      const original = `uploads/${band}/${id}/original.mp4`;
      await files.putFromFile(clip, original, 'video/mp4');
      await t.db
        .insertInto('uploads')
        .values(pendingUpload({ id, accountId: band, pageId, type: 'video', original }))
        .execute();
      await processUploadHandler(t.app.deps)({ uploadId: id }, context);
      processed[name] = id;
    }
    owner = await signIn(t.app, 'owner@example.com');
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('the clip really starts black and then blurred: a sharp frame is far sharper than either', async () => {
    const clip = path.join(work, 'remux.mp4');
    const black = await lookOf(frameAt(clip, (POSTER_CLIP.black[0] + POSTER_CLIP.black[1]) / 2, path.join(work, 'black.jpg')));
    const blurred = await lookOf(frameAt(clip, (POSTER_CLIP.blurred[0] + POSTER_CLIP.blurred[1]) / 2, path.join(work, 'blurred.jpg')));
    expect(black.mean).toBeLessThan(5);
    expect(blurred.sharpness).toBeLessThan(sharp3.sharpness / 4);
  });

  it.each(['remux', 'encode'] as const)(
    'skips the black first second and the blurred frames (%s path): the thumbnail and the two others kept are sharp frames',
    async (name) => {
      const upload = await row(processed[name]);
      const keys = posterKeys(upload);
      expect(upload).toMatchObject({ encodingStatus: 'processed', thumbnail: keys[0] });
      expect(JSON.parse(upload.posterCandidates!)).toEqual(keys);
      for (const key of keys) {
        const file = files.pathOf(key)!;
        const look = await lookOf(file);
        expect(look.mean).toBeGreaterThan(40);
        expect(look.sharpness).toBeGreaterThan(sharp3.sharpness * 0.6);
        const { format, exif, xmp, iptc } = await sharp(file).metadata();
        expect([format, exif, xmp, iptc]).toEqual(['jpeg', undefined, undefined, undefined]);
      }
    },
  );

  it('the dialog offers the candidates and the poster chosen shows as the thumbnail; deleting the upload removes every candidate', async () => {
    const id = processed.encode;
    const show = await t.app.inject({ method: 'GET', url: `/api/upload-videos/${id}`, headers: { cookie: owner } });
    const { posterCandidates, thumbnail } = show.json() as { posterCandidates: string[]; thumbnail: string };
    expect(posterCandidates).toHaveLength(3);
    expect(thumbnail).toBe(posterCandidates[0]);
    const picked = await t.app.inject({ method: 'POST', url: `/api/upload-videos/${id}/poster`, payload: { index: 2 }, headers: { cookie: owner } });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().thumbnail).toBe(posterCandidates[2]);
    const keys = posterKeys(await row(id));
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/upload-videos/${id}`, headers: { cookie: owner } });
    expect(deleted.statusCode).toBe(204);
    for (const key of keys) expect(fs.existsSync(files.pathOf(key)!)).toBe(false);
  });
});

describe.each(testDatabases)('choosing a poster: POST /api/upload-videos/{id}/poster on $name', (kind) => {
  let t: TestApp;
  let band: string;
  let team: string;
  const as: Record<'owner' | 'readonly' | 'teamOwner', string> = { owner: '', readonly: '', teamOwner: '' };
  const candidates = (id: string, count = 3) => Array.from({ length: count }, (_, i) => `uploads/${band}/${id}/poster-${i}.jpg`);
  const pick = (who: keyof typeof as, id: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/upload-videos/${id}/poster`, payload: payload as object, headers: { cookie: as[who] } });
  const thumbnailOf = async (id: string) => (await t.db.selectFrom('uploads').select('thumbnail').where('id', '=', id).executeTakeFirstOrThrow()).thumbnail;
  const clip = async (count = 3) => {
    const id = newId();
    const keys = candidates(id, count);
    await insertUpload(t.db, {
      id,
      accountId: band,
      pageId: (await createPage(t.db, band, `Poster ${id}`)).id,
      thumbnail: keys[0],
      posterCandidates: JSON.stringify(keys),
    });
    return { id, keys };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ band, team } = await demoAccounts(t.db));
    as.owner = await signIn(t.app, 'owner@example.com');
    as.readonly = await signIn(t.app, 'readonly@example.com');
    // An owner of another account only.
    const outsider = await createUser(t.db, {
      password: 'demo1234',
      emailVerified: true,
      status: 'enabled',
      email: 'poster-outsider@example.com',
      firstName: 'Other',
      lastName: 'Owner',
    });
    await addMember(t.db, team, outsider, 'owner');
    as.teamOwner = await signIn(t.app, 'poster-outsider@example.com');
  });
  afterAll(async () => t?.close());

  it("makes the candidate the clip's thumbnail, answers the upload as the dialog shows it, and notes it in the history", async () => {
    const { id, keys } = await clip();
    const response = await pick('owner', id, { index: 1 });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { thumbnail: string; posterCandidates: string[]; history: { action: string; detail: unknown }[] };
    expect(answer.thumbnail).toBe(answer.posterCandidates[1]);
    expect(answer.history.map((event) => [event.action, event.detail])).toContainEqual(['poster', { index: 1 }]);
    expect(await thumbnailOf(id)).toBe(keys[1]);
  });

  it.each([
    ['an index past the candidates', { index: 3 }],
    ['a negative index', { index: -1 }],
    ['a fraction', { index: 0.5 }],
    ['a text', { index: '1' }],
    ['no index', {}],
    ['another field', { index: 0, key: 'uploads/elsewhere.jpg' }],
  ])('refuses %s with 400, changing nothing', async (_what, payload) => {
    const { id, keys } = await clip();
    const response = await pick('owner', id, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(await thumbnailOf(id)).toBe(keys[0]);
  });

  it('refuses a candidate the clip does not have (fewer kept, or none: a photo) with a clear 400', async () => {
    const { id, keys } = await clip(2);
    const response = await pick('owner', id, { index: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'This upload has no such poster to choose', errors: [{ path: 'index' }] });
    expect(await thumbnailOf(id)).toBe(keys[0]);
    const photo = await insertUpload(t.db, {
      accountId: band,
      pageId: (await createPage(t.db, band, 'Poster photo')).id,
      type: 'image',
      thumbnail: 'uploads/photo.jpg',
    });
    expect((await pick('owner', photo.id, { index: 0 })).statusCode).toBe(400);
  });

  it("refuses another account's clip (404) and a read-only member (403), changing nothing", async () => {
    const { id, keys } = await clip();
    const other = await pick('teamOwner', id, { index: 1 });
    expect(other.statusCode).toBe(404);
    expect((await pick('readonly', id, { index: 1 })).statusCode).toBe(403);
    expect(await thumbnailOf(id)).toBe(keys[0]);
  });
});
