import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAN_APPROVED_MAIL_JOB, VIDEO_PROCESSED_DIGEST_JOB } from '#shared/domain/constants';
import { createPage } from '../../server/services/pages';
import { noteUploadProcessed } from '../../server/services/videoProcessedDigest';
import { videoProcessedDigestHandler } from '../../server/jobs/videoProcessedDigest';
import { fanApprovedMailHandler } from '../../server/jobs/fanMails';
import type { JobContext } from '../../server/adapters/queue';
import type { Page } from '../../server/db/types';
import { createTestApp, demoAccounts, readOutbox, signIn, testDatabases, type TestApp } from './helpers';
import { insertSubmission, insertUpload } from './uploadFixtures';

const job = (kind: string): JobContext => ({ id: 'job', kind, attempt: 1, maxAttempts: 5, signal: new AbortController().signal });

/** The 'video processed' digest to opted-in account users, and the fan's approval mail. */
describe.each(testDatabases)('telling people on $name', (kind) => {
  let t: TestApp;
  let band: string;
  let page: Page;
  let approvalPage: Page;
  let samId: string;

  const mailsTo = (to: string) => readOutbox(t.dataDir).filter((m) => m.to === to);
  const queued = async () => (await t.app.deps.queue.counts()).queued;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ band } = await demoAccounts(t.db));
    page = await createPage(t.db, band, 'Summer Tour');
    approvalPage = await createPage(t.db, band, 'Approval Page');
    await t.db.updateTable('pages').set({ requireApproval: 1 }).where('id', '=', approvalPage.id).execute();
    // Only sam (an admin of the band) asked for 'video processed' mails.
    await t.db.updateTable('users').set({ videoProcessedEmails: 0 }).execute();
    samId = (await t.db.selectFrom('users').select('id').where('email', '=', 'sam@example.com').executeTakeFirstOrThrow()).id;
    await t.db.updateTable('users').set({ videoProcessedEmails: 1 }).where('id', '=', samId).execute();
  });
  afterAll(async () => t?.close());

  describe("the 'video processed' digest", () => {
    const digest = () => videoProcessedDigestHandler(t.app.deps)({ userId: samId }, job(VIDEO_PROCESSED_DIGEST_JOB));
    beforeEach(async () => {
      await t.db.deleteFrom('uploadNotices').execute();
      await t.db.deleteFrom('mailDigests').execute();
    });

    it('gathers uploads processed together into one mail to the users who opted in, sent once', async () => {
      const before = await queued();
      const uploads = [];
      for (let i = 0; i < 3; i++) {
        const upload = await insertUpload(t.db, { accountId: band, pageId: page.id });
        await noteUploadProcessed(t.app.deps, t.db, upload);
        uploads.push(upload);
      }
      // One digest job for sam, none for the users who did not opt in.
      expect(await queued()).toBe(before + 1);
      const mailsBefore = readOutbox(t.dataDir).length;
      await digest();
      const mails = mailsTo('sam@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('Fan Content Console: 3 fan uploads are ready to review');
      expect(mails[0].text).toContain('- Summer Tour (The Midnight Owls)');
      expect(mails[0].text).toContain('http://localhost:3000/uploads');
      expect(readOutbox(t.dataDir).length).toBe(mailsBefore + 1);
      // The job delivered twice: nothing more.
      await digest();
      expect(mailsTo('sam@example.com')).toHaveLength(1);
    });

    it('sends at most one mail per user per window: a later upload waits for the end of it', async () => {
      const sent = mailsTo('sam@example.com').length;
      await noteUploadProcessed(t.app.deps, t.db, await insertUpload(t.db, { accountId: band, pageId: page.id }));
      await digest();
      expect(mailsTo('sam@example.com')).toHaveLength(sent + 1);

      await noteUploadProcessed(t.app.deps, t.db, await insertUpload(t.db, { accountId: band, pageId: page.id }));
      const state = await t.db.selectFrom('mailDigests').selectAll().where('userId', '=', samId).executeTakeFirstOrThrow();
      // Queued for ten minutes after the last mail, not now.
      expect(Date.parse(state.scheduledFor!) - Date.parse(state.lastSentAt!)).toBe(10 * 60_000);
      // Run early (a retry): no mail yet.
      await digest();
      expect(mailsTo('sam@example.com')).toHaveLength(sent + 1);

      const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000).toISOString();
      await t.db.updateTable('mailDigests').set({ lastSentAt: elevenMinutesAgo }).where('userId', '=', samId).execute();
      await digest();
      const mails = mailsTo('sam@example.com');
      expect(mails).toHaveLength(sent + 2);
      expect(mails.at(-1)!.subject).toBe('Fan Content Console: a fan upload is ready to review');
    });

    it('sends nothing to a user who turned the mails off meanwhile', async () => {
      const sent = mailsTo('sam@example.com').length;
      await noteUploadProcessed(t.app.deps, t.db, await insertUpload(t.db, { accountId: band, pageId: page.id }));
      await t.db.updateTable('users').set({ videoProcessedEmails: 0 }).where('id', '=', samId).execute();
      await digest();
      await t.db.updateTable('users').set({ videoProcessedEmails: 1 }).where('id', '=', samId).execute();
      expect(mailsTo('sam@example.com')).toHaveLength(sent);
    });
  });

  describe('the fan approval mail', () => {
    const send = (uploadId: string) => fanApprovedMailHandler(t.app.deps)({ uploadId }, job(FAN_APPROVED_MAIL_JOB));

    it('approving queues one mail to the fan, sent once however often the job runs', async () => {
      const cookie = await signIn(t.app, 'user@example.com');
      const upload = await insertUpload(t.db, { accountId: band, pageId: approvalPage.id });
      await insertSubmission(t.db, {
        accountId: band,
        pageId: approvalPage.id,
        uploadId: upload.id,
        email: 'ana.fan@example.com',
        firstName: 'Ana',
        lastName: 'Lopez',
      });
      const before = await queued();
      const response = await t.app.inject({ method: 'POST', url: `/api/upload-videos/${upload.id}/approve`, headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      expect(await queued()).toBeGreaterThanOrEqual(before + 1);
      await send(upload.id);
      await send(upload.id);
      const mails = mailsTo('ana.fan@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ subject: 'The Midnight Owls approved your upload' });
      expect(mails[0].text).toContain('Hello Ana Lopez,');
      expect(mails[0].text).toContain('on Approval Page');
    });

    it('bulk approval tells each fan who gave an email, and no one else', async () => {
      const cookie = await signIn(t.app, 'owner@example.com');
      const withEmail = await insertUpload(t.db, { accountId: band, pageId: approvalPage.id });
      const withoutEmail = await insertUpload(t.db, { accountId: band, pageId: approvalPage.id });
      await insertSubmission(t.db, { accountId: band, pageId: approvalPage.id, uploadId: withEmail.id, email: 'bulk.fan@example.com' });
      await insertSubmission(t.db, { accountId: band, pageId: approvalPage.id, uploadId: withoutEmail.id, email: null });
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/accounts/${band}/videos/approve`,
        payload: { ids: [withEmail.id, withoutEmail.id] },
        headers: { cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      const before = readOutbox(t.dataDir).length;
      await send(withEmail.id);
      await send(withoutEmail.id);
      expect(readOutbox(t.dataDir).length).toBe(before + 1);
      expect(mailsTo('bulk.fan@example.com')).toHaveLength(1);
    });

    it('sends nothing for an upload that is not approved', async () => {
      const upload = await insertUpload(t.db, { accountId: band, pageId: approvalPage.id });
      await insertSubmission(t.db, { accountId: band, pageId: approvalPage.id, uploadId: upload.id, email: 'waiting.fan@example.com' });
      await send(upload.id);
      expect(mailsTo('waiting.fan@example.com')).toHaveLength(0);
    });
  });
});
