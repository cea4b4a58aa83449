import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openAs, withServerDb } from './support';

/** Where tests/e2e/fakeDropboxServer.ts writes what the app copied into the fake Dropbox. */
const dropboxFolder = `${process.env.E2E_DATA_DIR ?? '.tmp/e2e'}-dropbox`;

/** A processed fan video waiting for approval on a new page of The Midnight Owls, its mp4 in the file store. */
async function uploadAwaitingApproval(): Promise<string> {
  const { newId, nowIso } = await import('../../server/db/rows');
  const { createPage } = await import('../../server/services/pages');
  return withServerDb(async ({ db, files }) => {
    const account = await db.selectFrom('accounts').select('id').where('slug', '=', 'midnightowls').executeTakeFirstOrThrow();
    const page = await createPage(db, account.id, 'Dropbox Night');
    await db.updateTable('pages').set({ requireApproval: 1 }).where('id', '=', page.id).execute();
    const id = newId();
    const local = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-e2e-')), 'clip.mp4');
    fs.writeFileSync(local, 'fan clip bytes');
    const key = `uploads/${account.id}/${id}/video.mp4`;
    await files.putFromFile(local, key, 'video/mp4');
    const now = nowIso();
    await db
      .insertInto('uploads')
      .values({
        id,
        accountId: account.id,
        pageId: page.id,
        type: 'video',
        status: 'processed',
        encodingStatus: 'processed',
        original: key,
        mp4: files.publicUrl(key),
        webm: null,
        thumbnail: null,
        image: null,
        encodingError: null,
        customThumbnail: null,
        approvedAt: null,
        isHidden: 0,
        isAllowed: 1,
        viewCount: 0,
        likeCount: 0,
        shareToken: newId(),
        tags: '[]',
        moderationStatus: 'processed',
        moderationLabels: '[]',
        createdAt: '2026-08-01T19:00:00.000Z',
        updatedAt: now,
      })
      .execute();
    await db
      .insertInto('submissions')
      .values({
        id: newId(),
        accountId: account.id,
        pageId: page.id,
        uploadId: id,
        firstName: 'Robin',
        lastName: 'Vale',
        email: 'robin@example.com',
        createdAt: now,
      } as never)
      .execute();
    return id;
  });
}

test('the owner connects Dropbox, an approved upload lands in it, and disconnects', async ({ page }) => {
  await openAs(page, 'owner@example.com', '/account-settings', { account: 'The Midnight Owls' });
  const card = page.getByRole('region', { name: 'Dropbox' });
  await card.getByRole('button', { name: 'Connect Dropbox' }).click();
  // The local Dropbox consents at once and sends the browser back.
  await expect(page.getByText('Dropbox connected. Approved uploads will be copied to it.')).toBeVisible();
  await expect(card.getByText('Connected to Dropbox.')).toBeVisible();

  const uploadId = await uploadAwaitingApproval();
  const approved = await page.request.post(`/api/upload-videos/${uploadId}/approve`, { headers: { 'x-requested-with': 'fan-console' } });
  expect(approved.ok()).toBe(true);
  const copied = path.join(dropboxFolder, 'Dropbox Night', '2026-08-01 Robin Vale.mp4');
  await expect.poll(() => fs.existsSync(copied) && fs.readFileSync(copied, 'utf8'), { timeout: 30_000 }).toBe('fan clip bytes');

  await card.getByRole('button', { name: 'Disconnect Dropbox' }).click();
  await expect(page.getByText('Dropbox disconnected.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Connect Dropbox' })).toBeVisible();
});

test('a refused connection returns with its message; a free account sees the upsell', async ({ page }) => {
  await openAs(page, 'owner@example.com', '/account-settings?integrationErr=access_denied', { account: 'Harbor City FC' });
  await expect(page.getByText('Dropbox was not connected: access was not allowed.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dropbox integration' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Dropbox' })).toHaveCount(0);
});

test('an integrationErr code the console does not know shows a generic integration error with the code', async ({ page }) => {
  await openAs(page, 'owner@example.com', '/account-settings?integrationErr=server_error', { account: 'The Midnight Owls' });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Dropbox was not connected: the integration failed (error code server_error). Please try again.' }),
  ).toBeVisible();
});

test('a platform admin on a plan without Dropbox gets the connect button: admins bypass upsells', async ({ page }) => {
  await openAs(page, 'admin@example.com', '/account-settings', { account: 'Harbor City FC' });
  await expect(page.getByRole('button', { name: 'Connect Dropbox' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dropbox integration' })).toHaveCount(0);
});

test("the Dropbox upsell is dismissed for 7 days ('Upsell prompts can be dismissed for 7 days')", async ({ page }) => {
  await openAs(page, 'owner@example.com', '/account-settings', { account: 'Harbor City FC' });
  const upsell = page.getByRole('region', { name: 'Dropbox integration' });
  await upsell.getByRole('button', { name: 'Dismiss for 7 days' }).click();
  await expect(upsell).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expect(upsell).toHaveCount(0);
});
