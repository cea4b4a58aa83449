import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from './helpers';
import { loadConfig } from '../../server/config';
import { makeMedia } from './captureMedia';

const OWLS = { accountSlug: 'midnightowls', pageSlug: 'summertour2026' };
const FANS = 14;

/**
 * A process's first submissions all at once (a show's crowd right after a deploy or restart):
 * each runs in a transaction that queues its job, and the queue must not set itself up through
 * the pool from inside them (on PostgreSQL, ten held the pool's ten connections and waited for
 * an eleventh forever).
 */
describe.each(testDatabases)('the first submissions of a process, all at once, on $name', (kind) => {
  let t: TestApp;
  const media = makeMedia();

  beforeAll(async () => {
    const capture = { ...loadConfig({} as NodeJS.ProcessEnv).capture, unfinishedPerAddress: 100, uploadRateLimit: 1000, submitRateLimit: 1000 };
    t = await createTestApp(kind, { config: { capture } });
  });
  afterAll(async () => {
    media.cleanup();
    await t?.close();
  });

  const b64 = (value: string) => Buffer.from(value).toString('base64');
  const tus = { 'tus-resumable': '1.0.0' };
  async function finishedUpload(i: number): Promise<string> {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/public/uploads',
      headers: {
        ...tus,
        'upload-length': String(media.mp4.length),
        'upload-metadata': `accountSlug ${b64(OWLS.accountSlug)},pageSlug ${b64(OWLS.pageSlug)},filename ${b64(`clip${i}.mp4`)},filetype ${b64('video/mp4')}`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = String(created.headers.location).split('/').pop()!;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/public/uploads/${id}`,
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: media.mp4,
    });
    expect(patched.statusCode, patched.body).toBe(204);
    return id;
  }

  it(`takes ${FANS} submissions at once, each with its upload and its job`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < FANS; i++) ids.push(await finishedUpload(i));
    const answers = await Promise.all(
      ids.map((uploadId, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/public/pages/${OWLS.accountSlug}/${OWLS.pageSlug}/submissions`,
          payload: {
            uploadId,
            firstName: 'Fan',
            lastName: `Number ${i}`,
            email: `fan${i}@example.com`,
            country: 'United States',
            city: 'Austin',
            state: 'TX',
            venueCity: 'Denver, CO',
            song: 'Hollow Moon',
            marketingConsent: false,
            website: '',
          },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(ids.map(() => 201));
    const stored = await t.db
      .selectFrom('uploads')
      .select('id')
      .where(
        'id',
        'in',
        answers.map((answer) => answer.json<{ uploadId: string }>().uploadId),
      )
      .execute();
    expect(stored).toHaveLength(FANS);
    const counts = await t.app.deps.queue.stats();
    expect(counts.find((k) => k.kind === 'process-upload')?.queued).toBe(FANS);
  }, 60_000);
});
