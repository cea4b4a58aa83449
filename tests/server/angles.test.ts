import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/rows';
import type { Db } from '../../server/db';
import { fingerprintClip, type Fingerprint } from '../../server/adapters/media/fingerprint';
import { recordFingerprint } from '../../server/services/duplicates';
import { recordAngles } from '../../server/services/angles';
import { fingerprintUploadHandler } from '../../server/jobs/processUpload';
import type { JobContext } from '../../server/adapters/queue';
import type { LocalFileStore } from '../../server/files/local';
import { FINGERPRINT_UPLOAD_JOB } from '#shared/domain/constants';
import { makeAngleClips, type AngleClip } from '../fixtures/angleClips';
import { pendingUpload, tools } from '../fixtures/media';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';

/**
 * Other angles of the same moment: a labelled set (fans filming windows of a few performances at
 * known offsets, with their own crowd and picture; other songs, and a song played another night)
 * is fingerprinted once; the fingerprints are recorded as the fingerprint job records them, and the
 * angles found are scored against the labels. The answers staff get (the dialog's angles, the
 * filter, what a deletion leaves) are checked on both databases.
 */

let clips: AngleClip[];
let prints: Map<string, Fingerprint>;
let scratch: string;

beforeAll(async () => {
  clips = makeAngleClips();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-angles-'));
  prints = new Map();
  for (let i = 0; i < clips.length; i += 2) {
    const pair = clips.slice(i, i + 2);
    const made = await Promise.all(pair.map((clip) => fingerprintClip(tools.ffmpeg, clip.file, true, 60, fs.mkdtempSync(path.join(scratch, 'clip-')))));
    pair.forEach((clip, j) => prints.set(clip.name, made[j]));
  }
}, 180_000);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

async function uploadRow(db: Db, accountId: string, pageId: string, createdAt: string) {
  const id = newId();
  await db
    .insertInto('uploads')
    .values({
      ...pendingUpload({ id, accountId, pageId, type: 'video', original: `uploads/${accountId}/${id}/original.mp4` }),
      encodingStatus: 'processed',
      mp4: `uploads/${accountId}/${id}/video.mp4`,
      createdAt,
    })
    .execute();
  return { id, accountId, createdAt };
}

/** As the fingerprint job records a clip: its fingerprint and duplicates, then its angles. */
async function record(db: Db, upload: { id: string; accountId: string; createdAt: string }, fingerprint: Fingerprint) {
  await recordFingerprint(db, upload, fingerprint);
  await recordAngles(db, upload, fingerprint);
}

describe.each(testDatabases)('other angles of the same moment ($name)', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  let band: string;
  let pageId: string;
  let owner: string;
  const ids = new Map<string, string>();
  const nameOf = (id: string) => [...ids].find(([, uploadId]) => uploadId === id)?.[0];
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: owner } });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ band } = await demoAccounts(t.db));
    pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    owner = await signIn(t.app, 'owner@example.com');
    // The fans post their clips over the evening, a few minutes apart, each recorded as its job does.
    const start = Date.parse('2026-11-20T22:00:00.000Z');
    for (const [i, clip] of clips.entries()) {
      const upload = await uploadRow(t.db, band, pageId, new Date(start + i * 180_000).toISOString());
      ids.set(clip.name, upload.id);
      await record(t.db, upload, prints.get(clip.name)!);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('aligns clips of one moment within 100 ms (95% of pairs at least) and never aligns unrelated clips', async () => {
    const rows = await t.db.selectFrom('uploadAngles').select(['uploadId', 'angleId', 'offsetMs']).execute();
    const found = new Map(rows.map((row) => [`${nameOf(row.uploadId)} > ${nameOf(row.angleId)}`, Number(row.offsetMs)]));
    let pairs = 0;
    let within = 0;
    let falseAlignments = 0;
    const errors: number[] = [];
    for (const [i, a] of clips.entries()) {
      for (const b of clips.slice(i + 1)) {
        const offset = found.get(`${a.name} > ${b.name}`);
        if (a.moment !== b.moment) {
          if (offset !== undefined) falseAlignments += 1;
          continue;
        }
        pairs += 1;
        // Both ways, opposite offsets.
        expect(found.get(`${b.name} > ${a.name}`)).toBe(offset === undefined ? undefined : -offset);
        if (offset === undefined) continue;
        const error = Math.abs(offset - Math.round((a.start - b.start) * 1000));
        errors.push(error);
        if (error <= 100) within += 1;
      }
    }
    const unrelated = (clips.length * (clips.length - 1)) / 2 - pairs;
    console.log(
      `angles (${kind.name}): ${pairs} same-moment pairs, ${within} aligned within 100 ms (${((100 * within) / pairs).toFixed(1)}%), ` +
        `largest error ${Math.max(0, ...errors)} ms; ${unrelated} unrelated pairs, ${falseAlignments} aligned`,
    );
    expect(pairs).toBeGreaterThanOrEqual(20);
    expect(within / pairs).toBeGreaterThanOrEqual(0.95);
    expect(falseAlignments).toBe(0);
  });

  it("answers a clip's angles in its dialog, and filters Fan Uploads to clips with angles or to one moment", async () => {
    const dialog = await get(`/api/accounts/${band}/videos/${ids.get('encore-fan1')}`);
    expect(dialog.status).toBe(200);
    const angles = dialog.body.angles as { id: string; offsetMs: number; mp4: string | null }[];
    expect(angles.map((angle) => nameOf(angle.id)).sort()).toEqual(['encore-fan2', 'encore-fan3']);
    const third = angles.find((angle) => angle.id === ids.get('encore-fan3'))!;
    expect(Math.abs(third.offsetMs - -3600)).toBeLessThanOrEqual(100);
    expect(third.mp4).toContain('video.mp4');
    expect((await get(`/api/accounts/${band}/videos/${ids.get('lullaby')}`)).body.angles).toEqual([]);

    const listed = (await get(`/api/accounts/${band}/videos?status=has-angles&limit=48`)).body as { data: { id: string }[] };
    const names = new Set(listed.data.map((row) => nameOf(row.id)));
    expect(names.has('anthem-fan1')).toBe(true);
    expect(names.has('ballad-fan3')).toBe(true);
    for (const alone of ['lullaby', 'rocker', 'anthem-another-night', 'ballad-another-night']) expect(names.has(alone)).toBe(false);

    const moment = (await get(`/api/accounts/${band}/videos?moment=${ids.get('ballad-fan1')}&limit=48`)).body as { data: { id: string }[] };
    expect(moment.data.map((row) => nameOf(row.id)).sort()).toEqual(['ballad-fan1', 'ballad-fan2', 'ballad-fan3', 'ballad-fan4', 'ballad-fan5']);
  });

  it('never takes a copy of the same footage for another angle', async () => {
    const original = ids.get('ballad-fan2')!;
    const copy = await uploadRow(t.db, band, pageId, '2026-11-21T09:00:00.000Z');
    await record(t.db, copy, prints.get('ballad-fan2')!);
    expect(await t.db.selectFrom('uploadDuplicates').select('duplicateOf').where('uploadId', '=', copy.id).execute()).toEqual([{ duplicateOf: original }]);
    const angles = await t.db.selectFrom('uploadAngles').select('angleId').where('uploadId', '=', copy.id).execute();
    expect(angles.map((row) => row.angleId)).not.toContain(original);
    // The other fans of that moment are its angles all the same.
    expect(angles.map((row) => nameOf(row.angleId))).toContain('ballad-fan1');
  });

  it("removes an upload's angles, both ways, with the upload", async () => {
    const gone = ids.get('anthem-fan3')!;
    const response = await t.app.inject({ method: 'DELETE', url: `/api/upload-videos/${gone}`, headers: { cookie: owner } });
    expect(response.statusCode, response.body).toBe(204);
    const left = await t.db
      .selectFrom('uploadAngles')
      .selectAll()
      .where((eb) => eb.or([eb('uploadId', '=', gone), eb('angleId', '=', gone)]))
      .execute();
    expect(left).toEqual([]);
    const dialog = await get(`/api/accounts/${band}/videos/${ids.get('anthem-fan1')}`);
    expect((dialog.body.angles as { id: string }[]).map((angle) => nameOf(angle.id))).not.toContain('anthem-fan3');
  });
});

// The job's own run is ffmpeg's work on files, the same whatever the database: SQLite only.
describe.each(testDatabases.slice(0, 1))('the fingerprint job records the angles of a clip ($name)', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  const context = (): JobContext => ({ id: 'job', kind: FINGERPRINT_UPLOAD_JOB, attempt: 1, maxAttempts: 5, signal: new AbortController().signal });

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("aligns a processed clip with another fan's clip of the moment, both ways", async () => {
    const { band } = await demoAccounts(t.db);
    const pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    const files = t.app.deps.files as LocalFileStore;
    const fingerprinted = async (name: string) => {
      const upload = await uploadRow(t.db, band, pageId, new Date().toISOString());
      await files.putFromFile(clips.find((clip) => clip.name === name)!.file, `uploads/${band}/${upload.id}/original.mp4`, 'video/mp4');
      await fingerprintUploadHandler(t.app.deps)({ uploadId: upload.id }, context());
      return upload.id;
    };
    const first = await fingerprinted('encore-fan1');
    const second = await fingerprinted('encore-fan2');
    const rows = await t.db.selectFrom('uploadAngles').select(['uploadId', 'angleId', 'offsetMs']).orderBy('offsetMs').execute();
    expect(rows.map((row) => [row.uploadId, row.angleId])).toEqual([
      [first, second],
      [second, first],
    ]);
    // The second fan started 2.94 s into the song.
    expect(Math.abs(Number(rows[0].offsetMs) + 2940)).toBeLessThanOrEqual(100);
  });
});
