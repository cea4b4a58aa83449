import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENCODE_WEBM_JOB, MODERATE_UPLOAD_JOB, PROCESS_UPLOAD_JOB } from '#shared/domain/constants';
import { newId } from '../../server/db/rows';
import { createQueue, type JobHandler, type Queue } from '../../server/adapters/queue';
import { lazyMediaTools } from '../../server/adapters/media/tools';
import type { ModerationProvider } from '../../server/adapters/moderation/types';
import { encodeWebmHandler, processUploadHandler } from '../../server/jobs/processUpload';
import { moderateUploadHandler } from '../../server/jobs/moderateUpload';
import { makeClip, pendingUpload } from '../fixtures/media';
import { createTestApp, demoAccounts, testDatabases, type TestApp } from './helpers';

const BACKLOG = 4;

/** A model that finds nothing: the order of the jobs is under test here, not the model. */
const calmModel: ModerationProvider = { name: 'calm', flaggedLabels: new Set(['Porn']), classify: async () => [{ name: 'Neutral', confidence: 0.99 }] };

async function until(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(testDatabases)('a backlog of uploads becomes reviewable before any webm is made ($name)', { timeout: 300_000 }, (kind) => {
  let t: TestApp;
  let work: string;
  let queue: Queue | undefined;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    // Only the pipeline's jobs run here: nobody waits for a 'video processed' mail.
    await t.db.updateTable('users').set({ videoProcessedEmails: 0 }).execute();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-reviewable-'));
    const clip = makeClip(path.join(work, 'clip.mp4'), { size: '160x120', seconds: 1 });
    const { band } = await demoAccounts(t.db);
    const pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    // What a burst of fan submissions leaves, each in its transaction as the capture route writes it.
    for (let i = 0; i < BACKLOG; i++) {
      const id = newId();
      const original = `uploads/${band}/${id}/original.mp4`;
      await t.app.deps.files.putFromFile(clip, original, 'video/mp4');
      await t.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('uploads')
          .values(pendingUpload({ id, accountId: band, pageId, type: 'video', original }))
          .execute();
        await t.app.deps.queue.enqueue(PROCESS_UPLOAD_JOB, { uploadId: id }, { db: trx });
      });
      ids.push(id);
    }
  });
  afterAll(async () => {
    await queue?.stop(5000);
    await t?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('gives every upload its mp4, thumbnail and verdict first, in the order they came, then the webms', async () => {
    const events: string[] = [];
    const logged =
      (name: string, handler: JobHandler, when: 'start' | 'end'): JobHandler =>
      async (payload, job) => {
        const id = (payload as { uploadId: string }).uploadId;
        if (when === 'start') events.push(`${name} ${id}`);
        await handler(payload, job);
        if (when === 'end') events.push(`${name} ${id}`);
      };
    // The pipeline's handlers on one worker slot (WORKERS=1, the demo's default), each logged.
    queue = createQueue(t.db, { pollMs: 50, leaseMs: 30_000 }, { error: () => {} });
    const tools = lazyMediaTools(t.config);
    queue.work(PROCESS_UPLOAD_JOB, logged('processed', processUploadHandler(t.app.deps, tools), 'end'));
    queue.work(MODERATE_UPLOAD_JOB, logged('moderated', moderateUploadHandler(t.app.deps, calmModel, tools), 'end'));
    queue.work(ENCODE_WEBM_JOB, logged('webm started', encodeWebmHandler(t.app.deps, tools), 'start'));
    await queue.start(1);

    const rows = () =>
      t.db.selectFrom('uploads').select(['id', 'encodingStatus', 'moderationStatus', 'mp4', 'thumbnail', 'webm', 'isAllowed']).where('id', 'in', ids).execute();
    await until('every webm', async () => (await rows()).every((u) => u.webm !== null), 240_000);

    const firstWebm = events.findIndex((e) => e.startsWith('webm started'));
    const before = events.slice(0, firstWebm);
    // Reviewable first: each upload processed and moderated before any webm started.
    expect(before.filter((e) => e.startsWith('moderated')).sort()).toEqual(ids.map((id) => `moderated ${id}`).sort());
    // Equal priority, oldest first: processed in the order submitted, and so were the webms.
    expect(before.filter((e) => e.startsWith('processed'))).toEqual(ids.map((id) => `processed ${id}`));
    expect(events.filter((e) => e.startsWith('webm started'))).toEqual(ids.map((id) => `webm started ${id}`));
    for (const u of await rows()) {
      expect(u).toMatchObject({ encodingStatus: 'processed', moderationStatus: 'processed', isAllowed: 1 });
      expect([u.mp4, u.thumbnail, u.webm].every(Boolean)).toBe(true);
    }
  });
});
