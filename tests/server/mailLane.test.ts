import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAN_APPROVED_MAIL_JOB, PROCESS_UPLOAD_JOB } from '#shared/domain/constants';
import { createQueue, type JobHandler, type Queue } from '../../server/adapters/queue';
import type { MailMessage } from '../../server/adapters/mail';
import type { ModerationProvider } from '../../server/adapters/moderation/types';
import { registerJobHandlers } from '../../server/jobs';
import { newId } from '../../server/db/rows';
import { pendingUpload } from '../fixtures/media';
import { createTestApp, demoAccounts, testDatabases, type TestApp } from './helpers';

async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const calmModel: ModerationProvider = { name: 'calm', flaggedLabels: new Set(), classify: async () => [] };

/** Mails do not wait behind encodes, with the demo's one worker slot (WORKERS=1). */
describe.each(testDatabases)('mail while the worker slot encodes ($name)', (kind) => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind, { mailer: { send: async (message) => void sent.push(message), close: () => {} } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("sends a fan's approval mail while an encode holds the one main slot", async () => {
    const queue = createQueue(t.db, { pollMs: 50, leaseMs: 5000 }, { error: () => {} });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let encoding = false;
    // The app's own handlers, the processing one held as a long encode would hold it.
    const holding =
      (handler: JobHandler): JobHandler =>
      async (payload, job) => {
        encoding = true;
        await held;
        return handler(payload, job);
      };
    const registering = new Proxy(queue, {
      get(target, prop) {
        if (prop === 'work')
          return (kind: string, handler: JobHandler, options?: Parameters<Queue['work']>[2]) =>
            target.work(kind, kind === PROCESS_UPLOAD_JOB ? holding(handler) : handler, options);
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    registerJobHandlers({ ...t.app.deps, queue: registering }, calmModel);

    const { band } = await demoAccounts(t.db);
    // A fan's approved upload, sent with their email.
    const { id: pageId } = await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow();
    const fan = { id: newId(), email: 'lane-fan@example.com' };
    const approvedAt = new Date().toISOString();
    await t.db
      .insertInto('uploads')
      .values({ ...pendingUpload({ id: fan.id, accountId: band, pageId, type: 'video', original: `uploads/${band}/${fan.id}/original.mp4` }), approvedAt })
      .execute();
    await t.db
      .insertInto('submissions')
      .values({
        id: newId(),
        accountId: band,
        pageId,
        uploadId: fan.id,
        firstName: 'Lane',
        lastName: 'Fan',
        email: fan.email,
        marketingConsent: 0,
        termsAccepted: '[]',
        createdAt: new Date().toISOString(),
      })
      .execute();

    await queue.start(1);
    try {
      await queue.enqueue(PROCESS_UPLOAD_JOB, { uploadId: 'no-such-upload' });
      await until('the encode to start', () => encoding);
      await queue.enqueue(FAN_APPROVED_MAIL_JOB, { uploadId: fan.id });
      await until('the approval mail', () => sent.length === 1);
      expect(sent[0].to).toBe(fan.email);
      // The encode was still running all along.
      expect((await queue.counts()).active).toBeGreaterThanOrEqual(1);
    } finally {
      release();
      await queue.stop(5000);
    }
  });
});
