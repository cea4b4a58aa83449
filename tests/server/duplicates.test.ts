import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINGERPRINT_UPLOAD_JOB, PROCESS_UPLOAD_JOB } from '#shared/domain/constants';
import { newId } from '../../server/db/rows';
import type { Db } from '../../server/db';
import type { LocalFileStore } from '../../server/files/local';
import type { JobContext } from '../../server/adapters/queue';
import { fingerprintClip, type Fingerprint } from '../../server/adapters/media/fingerprint';
import { processUploadHandler } from '../../server/jobs/processUpload';
import { recordFingerprint } from '../../server/services/duplicates';
import { makeDuplicateClips, type LabelledClip } from '../fixtures/duplicateClips';
import { pendingUpload, tools } from '../fixtures/media';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';

/**
 * Possible duplicates: a labelled set of clips (copies of a few sources made as fans make them,
 * distinct clips sharing black frames, unrelated clips) is fingerprinted once; the fingerprints
 * go through the index look-up and the confirmation as the processing job's do, and the pairs
 * found are scored against the labels. The answers staff get (the link, the filter, hiding the
 * copies, what a deletion leaves) are checked on both databases.
 */

let clips: LabelledClip[];
let prints: Map<string, Fingerprint>;
let scratch: string;

beforeAll(async () => {
  clips = makeDuplicateClips();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-dupes-'));
  prints = new Map();
  // Two at a time: ffmpeg's start-up is most of a 4 s clip's fingerprint.
  for (let i = 0; i < clips.length; i += 2) {
    const pair = clips.slice(i, i + 2);
    const made = await Promise.all(pair.map((clip) => fingerprintClip(tools.ffmpeg, clip.file, true, 60, fs.mkdtempSync(path.join(scratch, 'clip-')))));
    pair.forEach((clip, j) => prints.set(clip.name, made[j]));
  }
}, 180_000);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Inserts an upload row of the account created at `createdAt` (its fingerprint's window starts there). */
async function uploadRow(db: Db, accountId: string, pageId: string, createdAt: string) {
  const id = newId();
  await db
    .insertInto('uploads')
    .values({
      ...pendingUpload({ id, accountId, pageId, type: 'video', original: `uploads/${accountId}/${id}/original.mp4` }),
      encodingStatus: 'processed',
      createdAt,
    })
    .execute();
  return { id, accountId, createdAt };
}

const pairKey = (a: string, b: string) => [a, b].sort().join(' + ');

describe.each(testDatabases)('possible duplicates ($name)', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  let band: string;
  let team: string;
  let pageId: string;
  let owner: string;
  /** The upload made for each clip of the set, by name. */
  const ids = new Map<string, string>();
  const nameOf = (id: string) => [...ids].find(([, uploadId]) => uploadId === id)![0];
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: owner } });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ band, team } = await demoAccounts(t.db));
    pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    owner = await signIn(t.app, 'owner@example.com');
    // Each clip of the set is an upload of the band, a minute apart, recorded in that order as its job does.
    const start = Date.parse('2026-11-20T20:00:00.000Z');
    for (const [i, clip] of clips.entries()) {
      const upload = await uploadRow(t.db, band, pageId, new Date(start + i * 60_000).toISOString());
      ids.set(clip.name, upload.id);
      await recordFingerprint(t.db, upload, prints.get(clip.name)!);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('finds the copies of a clip (precision at least 0.95, recall at least 0.9) and never pairs clips that share only black frames', async () => {
    const found = new Set(
      (await t.db.selectFrom('uploadDuplicates').select(['uploadId', 'duplicateOf']).execute()).map((row) =>
        pairKey(nameOf(row.uploadId), nameOf(row.duplicateOf)),
      ),
    );
    const labelled = new Set<string>();
    for (const [i, a] of clips.entries()) for (const b of clips.slice(i + 1)) if (a.family === b.family) labelled.add(pairKey(a.name, b.name));
    const truePairs = [...found].filter((pair) => labelled.has(pair)).length;
    const precision = found.size ? truePairs / found.size : 0;
    const recall = truePairs / labelled.size;
    console.log(
      `duplicates (${kind.name}): ${found.size} pairs found, ${labelled.size} labelled; precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}`,
    );
    expect(labelled.size).toBeGreaterThan(50);
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect([...found].filter((pair) => pair.includes('black-'))).toEqual([]);
  });

  it('answers the link to the earlier upload on the card and in the dialog, and filters Fan Uploads to possible duplicates', async () => {
    const source = ids.get('testsrc')!;
    const copy = ids.get('testsrc-rotated')!;
    const card = (await get(`/api/accounts/${band}/videos?status=possible-duplicate&limit=48`)).body as {
      data: { id: string; duplicateOf: { id: string } | null }[];
      total: number;
    };
    const listed = new Set(card.data.map((row) => row.id));
    expect(listed.has(copy)).toBe(true);
    expect(listed.has(source)).toBe(false);
    expect(listed.has(ids.get('black-life')!)).toBe(false);
    expect(card.data.find((row) => row.id === copy)!.duplicateOf).toMatchObject({ id: source });
    const dialog = await get(`/api/accounts/${band}/videos/${copy}`);
    expect(dialog.status).toBe(200);
    expect(dialog.body).toMatchObject({ duplicateOf: { id: source, createdAt: '2026-11-20T20:00:00.000Z' }, visibleCopies: 6 });
    expect((await get(`/api/accounts/${band}/videos/${ids.get('testsrc2')}`)).body).toMatchObject({ duplicateOf: null, visibleCopies: 0 });
    expect((await get(`/api/accounts/${band}/videos?status=duplicate`)).status).toBe(400);
  });

  it("hides a clip's copies in one click (the earliest stays), refuses when none is left and refuses another account's upload", async () => {
    const copy = ids.get('mandelbrot-trimmed')!;
    const hide = (id: string) => t.app.inject({ method: 'POST', url: `/api/upload-videos/${id}/hide-copies`, headers: { cookie: owner } });
    const response = await hide(copy);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: copy, isHidden: true, visibleCopies: 0 });
    const family = clips.filter((clip) => clip.family === 'mandelbrot').map((clip) => ids.get(clip.name)!);
    const rows = await t.db.selectFrom('uploads').select(['id', 'isHidden']).where('id', 'in', family).execute();
    expect(
      rows
        .filter((row) => row.isHidden)
        .map((row) => row.id)
        .sort(),
    ).toEqual(family.filter((id) => id !== ids.get('mandelbrot')).sort());
    expect((await hide(ids.get('mandelbrot')!)).statusCode).toBe(409);
    // Another account's upload is not for a member of the band only.
    const teamPage = (await t.db.selectFrom('pages').select('id').where('accountId', '=', team).executeTakeFirstOrThrow()).id;
    const theirs = await uploadRow(t.db, team, teamPage, new Date().toISOString());
    const member = await signIn(t.app, 'user@example.com');
    const refused = await t.app.inject({ method: 'POST', url: `/api/upload-videos/${theirs.id}/hide-copies`, headers: { cookie: member } });
    expect(refused.statusCode).toBe(404);
  });

  it("removes an upload's fingerprint, bands and duplicate links with the upload", async () => {
    const gone = ids.get('smptebars-watermarked')!;
    const response = await t.app.inject({ method: 'DELETE', url: `/api/upload-videos/${gone}`, headers: { cookie: owner } });
    expect(response.statusCode, response.body).toBe(204);
    const left = async (table: 'uploadFingerprints' | 'uploadHashBands') =>
      (await t.db.selectFrom(table).select('uploadId').where('uploadId', '=', gone).execute()).length;
    expect(await left('uploadFingerprints')).toBe(0);
    expect(await left('uploadHashBands')).toBe(0);
    const links = await t.db
      .selectFrom('uploadDuplicates')
      .selectAll()
      .where((eb) => eb.or([eb('uploadId', '=', gone), eb('duplicateOf', '=', gone)]))
      .execute();
    expect(links).toEqual([]);
  });
});

// The processing job's own run is ffmpeg's work on files, the same whatever the database: SQLite only.
describe.each(testDatabases.slice(0, 1))('the processing job records what a clip is a possible duplicate of ($name)', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  const context = (): JobContext => ({ id: 'job', kind: PROCESS_UPLOAD_JOB, attempt: 1, maxAttempts: 5, signal: new AbortController().signal });

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const fingerprintJobs = async () => (await t.app.deps.queue.stats()).find((kind) => kind.kind === FINGERPRINT_UPLOAD_JOB)?.queued ?? 0;
  /** The clips the first test processed: a source, its copy and an unrelated clip. */
  const processedIds: string[] = [];

  it('fingerprints a copied clip as it becomes reviewable, from the decode its stills need, and links a re-encoded copy to it, and an unrelated clip to nothing', async () => {
    const { band } = await demoAccounts(t.db);
    const pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    const files = t.app.deps.files as LocalFileStore;
    const jobsBefore = await fingerprintJobs();
    const processed = async (name: string) => {
      const id = newId();
      const original = `uploads/${band}/${id}/original.mp4`;
      await files.putFromFile(clips.find((clip) => clip.name === name)!.file, original, 'video/mp4');
      await t.db
        .insertInto('uploads')
        .values(pendingUpload({ id, accountId: band, pageId, type: 'video', original }))
        .execute();
      await processUploadHandler(t.app.deps)({ uploadId: id }, context());
      expect(await t.db.selectFrom('uploads').select('mp4Proxy').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ mp4Proxy: 0 });
      expect(await t.db.selectFrom('uploadFingerprints').select('uploadId').where('uploadId', '=', id).executeTakeFirst()).toEqual({ uploadId: id });
      return id;
    };
    const source = await processed('testsrc');
    const copy = await processed('testsrc-bitrate');
    const other = await processed('testsrc2');
    processedIds.push(source, copy, other);
    expect(await fingerprintJobs()).toBe(jobsBefore);
    const links = await t.db.selectFrom('uploadDuplicates').select(['uploadId', 'duplicateOf']).execute();
    expect(links).toEqual([{ uploadId: copy, duplicateOf: source }]);
    expect(await t.db.selectFrom('uploadFingerprints').select('uploadId').where('uploadId', '=', other).executeTakeFirst()).toBeDefined();
  });

  it('fingerprints an encoded clip from its encode: an HEVC copy is linked to its original as it becomes reviewable, with no fingerprint job', async () => {
    const { band } = await demoAccounts(t.db);
    const pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    const files = t.app.deps.files as LocalFileStore;
    const [source, copy] = processedIds;
    const hevc = path.join(scratch, 'copy.mov');
    execFileSync(tools.ffmpeg, [
      '-v',
      'error',
      '-y',
      '-i',
      clips.find((clip) => clip.name === 'testsrc')!.file,
      '-c:v',
      'libx265',
      '-x265-params',
      'log-level=error',
      '-tag:v',
      'hvc1',
      '-c:a',
      'aac',
      hevc,
    ]);
    const id = newId();
    const key = `uploads/${band}/${id}/original.mov`;
    await files.putFromFile(hevc, key, 'video/quicktime');
    await t.db
      .insertInto('uploads')
      .values(pendingUpload({ id, accountId: band, pageId, type: 'video', original: key }))
      .execute();
    const jobsBefore = await fingerprintJobs();
    await processUploadHandler(t.app.deps)({ uploadId: id }, context());
    const row = await t.db.selectFrom('uploads').select(['encodingStatus', 'mp4Proxy']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ encodingStatus: 'processed', mp4Proxy: 1 });
    const links = await t.db.selectFrom('uploadDuplicates').select('duplicateOf').where('uploadId', '=', id).execute();
    expect(links.map((link) => link.duplicateOf).sort()).toEqual([source, copy].sort());
    expect(await fingerprintJobs()).toBe(jobsBefore);
  });
});
