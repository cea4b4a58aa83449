import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { submitFanUpload, type SubmissionDeps, type SubmissionStep } from '../../server/services/captureSubmissions';
import { CLAIM_LEASE_MS } from '../../server/capture/submissionClaim';
import { sweepAbandonedClaims } from '../../server/capture/abandonedClaims';
import { sweepFanUploads } from '../../server/services/captureUploads';
import { startS3rver, type TestS3 } from './s3Fixture';
import { createTestApp, testDatabases, type TestApp } from './helpers';
import { makeMedia } from './captureMedia';
import { OWLS, owlsFan, storedBytes, tusUpload } from './tusClient';

/**
 * A submission stopped after its claim, during the move of the bytes or before
 * the insert (a fault hook throws there, as a killed process stops) is finished by the fan's
 * retry of the same form, exactly once, with a whole original and nothing partial left; on both
 * databases and both file drivers (local folder, S3 via s3rver).
 */
const STEPS: SubmissionStep[] = ['after-claim', 'during-copy', 'before-insert'];
const media = makeMedia();
afterAll(() => media.cleanup());

const cases = testDatabases.flatMap((database) =>
  (['local', 's3'] as const).map((driver) => ({ database, driver, name: `${database.name}, ${driver} files` })),
);

describe.each(cases)('a fan submission interrupted at each step ($name)', { timeout: 120_000 }, ({ database, driver }) => {
  let t: TestApp;
  let s3: TestS3 | undefined;
  let work: string;
  let base: string;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-faults-'));
    if (driver === 's3') s3 = await startS3rver(path.join(work, 's3'));
    const capture = { ...loadConfig({} as NodeJS.ProcessEnv).capture, unfinishedPerAddress: 50, uploadRateLimit: 1000, submitRateLimit: 1000 };
    t = await createTestApp(database, { config: { capture, ...(s3 ? { s3: s3.config } : {}) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const upload = (bytes: Buffer) => tusUpload(base, bytes);
  const fields = owlsFan;
  const submit = (uploadId: string) =>
    t.app.inject({ method: 'POST', url: `/api/public/pages/${OWLS.accountSlug}/${OWLS.pageSlug}/submissions`, payload: fields(uploadId) });
  const deps = (faults: SubmissionDeps['faults']): SubmissionDeps => ({
    db: t.db,
    files: t.app.deps.files,
    tus: t.app.tusStore,
    queue: t.app.deps.queue,
    config: t.config,
    faults,
  });
  const stored = (key: string) => storedBytes(t.app.deps.files, key);
  /** Stands in for a copy cut off half-way: the first half of the bytes at the original's key. */
  async function plantPartial(key: string, bytes: Buffer) {
    const half = path.join(work, 'half');
    fs.writeFileSync(half, bytes.subarray(0, bytes.length >> 1));
    await t.app.deps.files.putFromFile(half, key, 'video/mp4');
  }
  const uploadsOf = async (uploadId: string) => (await t.db.selectFrom('uploads').select('id').where('id', '=', uploadId).execute()).length;
  const incomingLeft = () => {
    const incoming = path.join(t.dataDir, 'files', '.incoming');
    return driver === 'local' && fs.existsSync(incoming) ? fs.readdirSync(incoming) : [];
  };

  it.each(STEPS)('stopped at %s: the retry answers 201 once, the original is whole, nothing partial is left, a second retry 409', async (step) => {
    const id = await upload(media.mp4);
    let claim: { uploadId: string; original: string } | undefined;
    const failing = deps(async (at, held) => {
      if (at !== step) return;
      claim = held;
      if (at === 'during-copy') await plantPartial(held.original, media.mp4);
      throw new Error(`killed at ${at}`);
    });
    // Stopped during the copy, the fan is told to try again later (storage-unavailable); elsewhere the error is the fault's.
    await expect(submitFanUpload(failing, OWLS.accountSlug, OWLS.pageSlug, fields(id))).rejects.toThrow(
      step === 'during-copy' ? 'We could not save your upload' : `killed at ${step}`,
    );
    expect(claim).toBeDefined();
    expect(await uploadsOf(claim!.uploadId)).toBe(0);

    const retry = await submit(id);
    expect(retry.statusCode, retry.body).toBe(201);
    // The same upload id and key as the interrupted try: the move is keyed by the claim, not redone elsewhere.
    expect(retry.json().uploadId).toBe(claim!.uploadId);
    expect(await uploadsOf(claim!.uploadId)).toBe(1);
    const row = await t.db.selectFrom('uploads').select('original').where('id', '=', claim!.uploadId).executeTakeFirstOrThrow();
    expect(row.original).toBe(claim!.original);
    expect((await stored(row.original))?.equals(media.mp4)).toBe(true);
    expect(await t.app.tusStore.read(id, 0, 1).catch(() => undefined)).toBeUndefined();
    expect(incomingLeft()).toEqual([]);

    const again = await submit(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('upload-used');
    expect(await uploadsOf(claim!.uploadId)).toBe(1);
  });

  it('a killed submission leaves a live claim: a retry within its lease answers 409 in progress, after it 201 once', async () => {
    const id = await upload(media.mp4);
    let claim: { uploadId: string; original: string } | undefined;
    const killed = deps((at, held) => {
      claim = held;
      if (at === 'before-insert') throw new Error('killed');
    });
    await expect(submitFanUpload(killed, OWLS.accountSlug, OWLS.pageSlug, fields(id))).rejects.toThrow('killed');
    // A killed process releases nothing: its claim keeps the lease it last wrote.
    await t.db.updateTable('captureUploads').set({ claimedAt: new Date().toISOString() }).where('id', '=', id).execute();
    const early = await submit(id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ reason: 'upload-in-progress', message: 'This upload is still being saved. Please try again in a minute.' });

    // The lease runs out.
    await t.db
      .updateTable('captureUploads')
      .set({ claimedAt: new Date(Date.now() - CLAIM_LEASE_MS - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const retry = await submit(id);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().uploadId).toBe(claim!.uploadId);
    expect((await stored(claim!.original))?.equals(media.mp4)).toBe(true);
    expect((await submit(id)).statusCode).toBe(409);
    expect(await uploadsOf(claim!.uploadId)).toBe(1);
  });

  it('a claim abandoned for good goes with its bytes, in the tus store or at the key, once the upload expires', async () => {
    const claims: { id: string; original: string }[] = [];
    for (const step of ['after-claim', 'before-insert'] as const) {
      const id = await upload(media.mp4);
      const stopping = deps((at, held) => {
        if (at !== step) return;
        claims.push({ id, original: held.original });
        throw new Error('killed');
      });
      await expect(submitFanUpload(stopping, OWLS.accountSlug, OWLS.pageSlug, fields(id))).rejects.toThrow('killed');
    }
    const ids = claims.map((c) => c.id);
    // The fans never came back: a day later, with the claims' leases long gone.
    await t.db
      .updateTable('captureUploads')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString(), claimedAt: new Date(Date.now() - CLAIM_LEASE_MS - 1000).toISOString() })
      .where('id', 'in', ids)
      .execute();
    expect(await sweepAbandonedClaims(t.db, t.app.tusStore, t.app.deps.files)).toBe(2);
    await sweepFanUploads(t.db, t.app.tusStore);
    for (const claim of claims) {
      expect(await t.app.tusStore.read(claim.id, 0, 1).catch(() => undefined)).toBeUndefined();
      expect(await stored(claim.original)).toBeUndefined();
    }
    expect(await t.db.selectFrom('captureUploads').select('id').where('id', 'in', ids).execute()).toEqual([]);
    // A submitted upload's claim is not abandoned, past its time or not: its original stays.
    const sent = await upload(media.mp4);
    const { uploadId } = (await submit(sent)).json() as { uploadId: string };
    await t.db
      .updateTable('captureUploads')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(await sweepAbandonedClaims(t.db, t.app.tusStore, t.app.deps.files)).toBe(0);
    const row = await t.db.selectFrom('uploads').select('original').where('id', '=', uploadId).executeTakeFirstOrThrow();
    expect((await stored(row.original))?.equals(media.mp4)).toBe(true);
  });
});
