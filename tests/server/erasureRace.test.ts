import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENCODE_MP4_JOB, ENCODE_WEBM_JOB, PROCESS_UPLOAD_JOB } from '#shared/domain/constants';
import { newId, nowIso } from '../../server/db/rows';
import type { FileStore } from '../../server/files';
import type { Deps } from '../../server/deps';
import { encodeMp4Handler, encodeWebmHandler, processUploadHandler } from '../../server/jobs/processUpload';
import { ORPHAN_MIN_AGE_MS, sweepOrphanUploadFiles } from '../../server/services/orphanUploadFiles';
import type { JobContext } from '../../server/adapters/queue';
import { makeClip, pendingUpload } from '../fixtures/media';
import { insertSubmission } from './uploadFixtures';
import { startS3rver, type TestS3 } from './s3Fixture';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';

const context = (kind = PROCESS_UPLOAD_JOB): JobContext => ({ id: 'job', kind, attempt: 1, maxAttempts: 5, signal: new AbortController().signal });

async function keysUnder(files: FileStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of files.list(prefix)) keys.push(object.key);
  return keys.sort();
}

/** A file store whose putFromFile first runs `before` (what happens meanwhile in another request). */
function storeWithHook(files: FileStore, before: (key: string) => Promise<void>): FileStore {
  return new Proxy(files, {
    get(target, property) {
      if (property === 'putFromFile') {
        return async (localPath: string, key: string, contentType: string) => {
          await before(key);
          return target.putFromFile(localPath, key, contentType);
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Some bytes stored under key through the store (any driver). */
async function store(files: FileStore, work: string, key: string): Promise<void> {
  const local = path.join(work, `${newId()}.bin`);
  fs.writeFileSync(local, `bytes of ${key}`);
  await files.putFromFile(local, key, 'application/octet-stream');
}

describe.each(testDatabases)('a fan erased while their clip is processed, on $name', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  let band: string;
  let pageId: string;
  let work: string;
  let clip: string;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ band } = await demoAccounts(t.db));
    pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-erasure-race-'));
    clip = makeClip(path.join(work, 'clip.mp4'), { size: '160x120', seconds: 1 });
    owner = await signIn(t.app, 'owner@example.com');
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** A fan's submitted clip: its original stored, its upload row and its submission under `email`. */
  async function fanClip(email: string) {
    const id = newId();
    const original = `uploads/${band}/${id}/original.mp4`;
    await t.app.deps.files.putFromFile(clip, original, 'video/mp4');
    await t.db
      .insertInto('uploads')
      .values(pendingUpload({ id, accountId: band, pageId, type: 'video', original }))
      .execute();
    await insertSubmission(t.db, { accountId: band, pageId, uploadId: id, email });
    return { id, folder: `uploads/${band}/${id}/` };
  }

  async function erase(email: string) {
    const response = await t.app.inject({ method: 'POST', url: `/api/accounts/${band}/fans/erase`, payload: { email }, headers: { cookie: owner } });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** The upload's jobs (its processing, then its webm), with the fan erased right before one stores the output whose key ends with `name`. */
  function jobErasingBefore(name: string, email: string) {
    let erased = false;
    const files = storeWithHook(t.app.deps.files, async (key) => {
      if (erased || !key.endsWith(name)) return;
      erased = true;
      await erase(email);
    });
    const deps: Deps = { ...t.app.deps, files };
    const run = async (id: string) => {
      await processUploadHandler(deps)({ uploadId: id }, context());
      await encodeMp4Handler(deps)({ uploadId: id }, context(ENCODE_MP4_JOB));
      await encodeWebmHandler(deps)({ uploadId: id }, context(ENCODE_WEBM_JOB));
    };
    return { run, erased: () => erased };
  }

  it('leaves no video.webm when the erasure lands just before the job writes it, and the job ends without an error', async () => {
    const email = `late-${newId().toLowerCase()}@example.com`;
    const { id, folder } = await fanClip(email);
    const job = jobErasingBefore('video.webm', email);
    await expect(job.run(id)).resolves.toBeUndefined();
    expect(job.erased()).toBe(true);
    expect(await t.db.selectFrom('uploads').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await keysUnder(t.app.deps.files, folder)).toEqual([]);
  });

  // The clip is encoded: its review proxy first, then the full mp4 that replaces it.
  it.each(['review.mp4', 'video.mp4'])('leaves no mp4 or thumbnail when the erasure lands just before the job writes %s', async (name) => {
    const email = `early-${newId().toLowerCase()}@example.com`;
    const { id, folder } = await fanClip(email);
    const job = jobErasingBefore(name, email);
    await expect(job.run(id)).resolves.toBeUndefined();
    expect(job.erased()).toBe(true);
    expect(await t.db.selectFrom('uploads').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await keysUnder(t.app.deps.files, folder)).toEqual([]);
  });

  it("erases every file in the upload's folder, those its row does not name yet too", async () => {
    const email = `folder-${newId().toLowerCase()}@example.com`;
    const { folder } = await fanClip(email);
    // An output a job wrote but had not recorded on the row when the erasure read it.
    await store(t.app.deps.files, work, `${folder}video.webm`);
    expect(await keysUnder(t.app.deps.files, folder)).toEqual([`${folder}original.mp4`, `${folder}video.webm`]);
    await erase(email);
    expect(await keysUnder(t.app.deps.files, folder)).toEqual([]);
  });
});

/** The sweep of upload folders no row names, on one file driver. */
function sweepTests(setup: () => { t: TestApp; band: string; pageId: string; work: string }) {
  it('lists the objects under a prefix with when they were written', async () => {
    const { t, band, work } = setup();
    const id = newId();
    const before = Date.now() - 5_000;
    await store(t.app.deps.files, work, `uploads/${band}/${id}/original.mp4`);
    await store(t.app.deps.files, work, `uploads/${band}/${id}/video.mp4`);
    await store(t.app.deps.files, work, `uploads/${band}/${id}x/original.mp4`);
    const listed: { key: string; modifiedAt: Date }[] = [];
    for await (const object of t.app.deps.files.list(`uploads/${band}/${id}/`)) listed.push(object);
    expect(listed.map((object) => object.key).sort()).toEqual([`uploads/${band}/${id}/original.mp4`, `uploads/${band}/${id}/video.mp4`]);
    for (const object of listed) expect(object.modifiedAt.getTime()).toBeGreaterThan(before);
    expect(await keysUnder(t.app.deps.files, `uploads/${band}/${id}`)).toHaveLength(3);
    expect(await keysUnder(t.app.deps.files, `uploads/${band}/nothing-here/`)).toEqual([]);
  });

  it('removes upload folders no row names once idle for an hour, and keeps the others', async () => {
    const { t, band, pageId, work } = setup();
    const files = t.app.deps.files;
    const folder = (id: string) => `uploads/${band}/${id}/`;
    const [orphan, named, claimed, held] = [newId(), newId(), newId(), newId()];
    for (const id of [orphan, named, claimed, held]) {
      await store(files, work, `${folder(id)}original.mp4`);
      await store(files, work, `${folder(id)}video.webm`);
    }
    await t.db
      .insertInto('uploads')
      .values(pendingUpload({ id: named, accountId: band, pageId, type: 'video', original: `${folder(named)}original.mp4` }))
      .execute();
    // A submission that claimed its upload and moved the original in place, its row not yet written.
    const now = nowIso();
    await t.db
      .insertInto('captureUploads')
      .values({
        id: newId(),
        accountId: band,
        pageId,
        addressKey: 'test',
        clientKey: null,
        kind: 'video',
        fileName: 'clip.mp4',
        declaredType: 'video/mp4',
        size: 1,
        finishedAt: now,
        uploadId: claimed,
        createdAt: now,
        expiresAt: now,
        claimedAt: now,
        original: `${folder(claimed)}original.mp4`,
      })
      .execute();
    // A submission held as suspected spam keeps its original under the id its upload would get.
    await t.db
      .insertInto('suspectedSpam')
      .values({ id: held, accountId: band, pageId, type: 'video', original: `${folder(held)}original.mp4`, submission: '{}', createdAt: now, purgeAfter: now })
      .execute();

    // Within the hour nothing goes: a submission moves its file in before its row commits.
    await sweepOrphanUploadFiles(t.app.deps);
    expect(await keysUnder(files, folder(orphan))).toHaveLength(2);

    const later = Date.now() + ORPHAN_MIN_AGE_MS + 60_000;
    expect(await sweepOrphanUploadFiles(t.app.deps, later)).toBeGreaterThanOrEqual(1);
    expect(await keysUnder(files, folder(orphan))).toEqual([]);
    for (const id of [named, claimed, held]) expect(await keysUnder(files, folder(id)), id).toHaveLength(2);
    // Files outside uploads/ are never the sweep's.
    await store(files, work, `accounts/${band}/favicon/${newId()}/favicon.png`);
    await sweepOrphanUploadFiles(t.app.deps, later);
    expect(await keysUnder(files, `accounts/${band}/favicon/`)).toHaveLength(1);
  });
}

describe.each(testDatabases)('the sweep of orphaned upload folders on the local driver, on $name', (kind) => {
  let t: TestApp;
  let band: string;
  let pageId: string;
  let work: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ band } = await demoAccounts(t.db));
    pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-orphans-'));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });
  sweepTests(() => ({ t, band, pageId, work }));

  it('removes the emptied folder itself', async () => {
    const id = newId();
    await store(t.app.deps.files, work, `uploads/${band}/${id}/video.webm`);
    await sweepOrphanUploadFiles(t.app.deps, Date.now() + ORPHAN_MIN_AGE_MS + 60_000);
    expect(fs.existsSync(path.join(t.dataDir, 'files', 'uploads', band, id))).toBe(false);
  });
});

// The S3 calls do not depend on the database: they run once, on the first kind.
describe.each(testDatabases.slice(0, 1))('the sweep of orphaned upload folders on the S3 driver (s3rver), on $name', (kind) => {
  let t: TestApp;
  let s3: TestS3;
  let band: string;
  let pageId: string;
  let work: string;
  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-orphans-s3-'));
    s3 = await startS3rver(path.join(work, 's3'));
    t = await createTestApp(kind, { config: { s3: s3.config } });
    ({ band } = await demoAccounts(t.db));
    pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });
  sweepTests(() => ({ t, band, pageId, work }));

  it('lists past a page of 1,000 objects', async () => {
    const prefix = `uploads/${band}/${newId()}/`;
    const local = path.join(work, 'one.bin');
    fs.writeFileSync(local, 'x');
    for (let start = 0; start < 1005; start += 5) {
      await Promise.all(
        Array.from({ length: Math.min(5, 1005 - start) }, (_, i) =>
          t.app.deps.files.putFromFile(local, `${prefix}${start + i}.bin`, 'application/octet-stream'),
        ),
      );
    }
    expect(await keysUnder(t.app.deps.files, prefix)).toHaveLength(1005);
  }, 120_000);
});
