import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATE_UPLOAD_JOB, PROCESS_UPLOAD_JOB } from '#shared/domain/constants';
import { newId } from '../../server/db/rows';
import { NsfwjsProvider } from '../../server/adapters/moderation/nsfwjs';
import { isAllowedBy, mergeLabels, type ModerationProvider } from '../../server/adapters/moderation/types';
import { lazyMediaTools } from '../../server/adapters/media/tools';
import { processUploadHandler } from '../../server/jobs/processUpload';
import { moderateUploadHandler } from '../../server/jobs/moderateUpload';
import type { JobContext } from '../../server/adapters/queue';
import { makeClips, pendingUpload } from '../fixtures/media';
import { createTestApp, demoAccounts, testDatabases, type TestApp } from './helpers';

describe('labels and threshold', () => {
  const flagged = { flaggedLabels: new Set(['Porn']) };
  it('keeps the highest confidence of each label over all frames', () => {
    expect(
      mergeLabels([
        [
          { name: 'Neutral', confidence: 0.9 },
          { name: 'Porn', confidence: 0.1 },
        ],
        [{ name: 'Porn', confidence: 0.6 }],
      ]),
    ).toEqual([
      { name: 'Neutral', confidence: 0.9 },
      { name: 'Porn', confidence: 0.6 },
    ]);
  });
  it('flags when a flagged label reaches the threshold, never for other labels', () => {
    const labels = [
      { name: 'Neutral', confidence: 0.95 },
      { name: 'Porn', confidence: 0.7 },
    ];
    expect(isAllowedBy(flagged, labels, 0.7)).toBe(false);
    expect(isAllowedBy(flagged, labels, 0.71)).toBe(true);
    expect(isAllowedBy(flagged, [{ name: 'Neutral', confidence: 1 }], 0)).toBe(true);
  });
});

describe.each(testDatabases.slice(0, 1))('moderation with the real nsfwjs model ($name)', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  let work: string;
  let band: string;
  let pageId: string;
  const provider = new NsfwjsProvider();
  const context = (attempt = 1, maxAttempts = 3): JobContext => ({
    id: 'job',
    kind: MODERATE_UPLOAD_JOB,
    attempt,
    maxAttempts,
    signal: new AbortController().signal,
  });
  const row = (id: string) => t.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ band } = await demoAccounts(t.db));
    pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-moderation-'));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** An upload processed by the real pipeline, ready for moderation. */
  async function processed(localFile: string, type: 'video' | 'image') {
    const id = newId();
    const original = `uploads/${band}/${id}/original${path.extname(localFile)}`;
    await t.app.deps.files.putFromFile(localFile, original, 'application/octet-stream');
    await t.db
      .insertInto('uploads')
      .values(pendingUpload({ id, accountId: band, pageId, type, original }))
      .execute();
    await processUploadHandler(t.app.deps)({ uploadId: id }, { ...context(), kind: PROCESS_UPLOAD_JOB });
    expect((await row(id)).encodingStatus).toBe('processed');
    return id;
  }

  async function benignPhoto(): Promise<string> {
    const file = path.join(work, `landscape-${newId()}.png`);
    // A sky over a field.
    const sky = await sharp({ create: { width: 320, height: 140, channels: 3, background: { r: 120, g: 170, b: 230 } } })
      .png()
      .toBuffer();
    await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 60, g: 140, b: 50 } } })
      .composite([{ input: sky, top: 0, left: 0 }])
      .png()
      .toFile(file);
    return file;
  }

  it('labels a benign photo with all five classes and allows it', async () => {
    const id = await processed(await benignPhoto(), 'image');
    await moderateUploadHandler(t.app.deps, provider, lazyMediaTools({}))({ uploadId: id }, context());
    const upload = await row(id);
    expect(upload.moderationStatus).toBe('processed');
    expect(upload.isAllowed).toBe(1);
    const labels = JSON.parse(upload.moderationLabels) as { name: string; confidence: number }[];
    expect(labels.map((l) => l.name).sort()).toEqual(['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy']);
    expect(labels.reduce((sum, l) => sum + l.confidence, 0)).toBeCloseTo(1, 2);
    expect(['Neutral', 'Drawing']).toContain(labels[0].name);
  });

  it('flags the same kind of photo when the threshold is below what the model gives its flagged labels', async () => {
    const id = await processed(await benignPhoto(), 'image');
    const strict = { ...t.app.deps, config: { ...t.app.deps.config, moderationThreshold: 0.000001 } };
    await moderateUploadHandler(strict, provider, lazyMediaTools({}))({ uploadId: id }, context());
    const upload = await row(id);
    expect([upload.moderationStatus, upload.isAllowed]).toEqual(['processed', 0]);
  });

  it('samples frames of a video and labels it', async () => {
    const { clip } = makeClips(path.join(work, 'clips'));
    const id = await processed(clip, 'video');
    await moderateUploadHandler(t.app.deps, provider, lazyMediaTools({}))({ uploadId: id }, context());
    const upload = await row(id);
    expect([upload.moderationStatus, upload.isAllowed]).toEqual(['processed', 1]);
    expect(JSON.parse(upload.moderationLabels)).toHaveLength(5);
  });

  it('shows processing while it retries and failed after the last attempt', async () => {
    const id = await processed(await benignPhoto(), 'image');
    const broken: ModerationProvider = {
      name: 'broken',
      flaggedLabels: new Set(),
      classify: async () => {
        throw new Error('model unavailable');
      },
    };
    const handler = moderateUploadHandler(t.app.deps, broken, lazyMediaTools({}));
    await expect(handler({ uploadId: id }, context(1, 2))).rejects.toThrow('model unavailable');
    expect((await row(id)).moderationStatus).toBe('processing');
    await expect(handler({ uploadId: id }, context(2, 2))).rejects.toThrow('model unavailable');
    expect((await row(id)).moderationStatus).toBe('failed');
  });

  it('ends quietly, with no retry, when the upload is erased while the model looks at it', async () => {
    const id = await processed(await benignPhoto(), 'image');
    const erasing: ModerationProvider = {
      name: 'erasing',
      flaggedLabels: new Set(),
      classify: async () => {
        await t.db.deleteFrom('uploads').where('id', '=', id).execute();
        throw new Error('the files went with the fan');
      },
    };
    await expect(moderateUploadHandler(t.app.deps, erasing, lazyMediaTools({}))({ uploadId: id }, context(1, 3))).resolves.toBeUndefined();
  });
});
