import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { PROCESS_UPLOAD_JOB, RENDER_REEL_JOB } from '#shared/domain/constants';
import { newId, nowIso } from '../../server/db/rows';
import type { LocalFileStore } from '../../server/files/local';
import type { JobContext } from '../../server/adapters/queue';
import { processUploadHandler } from '../../server/jobs/processUpload';
import { renderReelHandler } from '../../server/jobs/renderReel';
import { pendingUpload } from '../fixtures/media';
import { makeReelClips } from '../fixtures/reelClips';
import { createTestApp, demoAccounts, signIn, type TestApp, type TestDatabase } from './helpers';

/** The reels tests render drafts at a quarter of the shapes' sides: what is checked is the cut, the sound and the files, not 1080p pixels. */
export const REEL_TEST_SCALE = 0.25;

export const job = (kind: string): JobContext => ({ id: 'job', kind, attempt: 1, maxAttempts: 5, signal: new AbortController().signal });

/** What the reel tests share, filled in by their beforeAll: the app, the demo's two accounts, generated clips. */
interface ReelWorld {
  t: TestApp;
  band: string;
  team: string;
  pageId: string;
  files: LocalFileStore;
  clipsDir: string;
  clips: ReturnType<typeof makeReelClips>;
  cookies: Record<string, string>;
}

/**
 * A test app on this database with the demo's accounts signed in and the reel fixtures' clips
 * made (portrait, landscape, rotated .mov, webm, black-started, quiet-started), and the calls the
 * reel tests make. Two files use it so the render's long run does not hold up the rest.
 */
export function useReelWorld(kind: TestDatabase) {
  const w = { cookies: {} } as ReelWorld;
  beforeAll(async () => {
    w.clipsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-reel-clips-'));
    w.clips = makeReelClips(w.clipsDir);
    w.t = await createTestApp(kind);
    w.files = w.t.app.deps.files as LocalFileStore;
    ({ band: w.band, team: w.team } = await demoAccounts(w.t.db));
    w.pageId = (await w.t.db.selectFrom('pages').select('id').where('accountId', '=', w.band).executeTakeFirstOrThrow()).id;
    for (const email of ['owner@example.com', 'readonly@example.com', 'admin@example.com']) w.cookies[email] = await signIn(w.t.app, email);
  }, 120_000);
  afterAll(async () => {
    await w.t?.close();
    if (w.clipsDir) fs.rmSync(w.clipsDir, { recursive: true, force: true });
  });

  const api = (email: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    w.t.app.inject({ method, url, headers: { cookie: w.cookies[email] }, ...(payload ? { payload } : {}) });
  const reelsOf = (account: string) => `/api/accounts/${account}/reels`;
  const render = (reelId: string) =>
    renderReelHandler(w.t.app.deps, undefined, { preset: 'ultrafast', scale: REEL_TEST_SCALE })({ reelId }, job(RENDER_REEL_JOB));

  /** A fan's clip as staff see it once reviewed: processed by the real pipeline, approved, moderation passed; the fan's handle on the submission. */
  async function approvedVideo(
    file: string,
    { account = w.band, page = w.pageId, instagram = null as string | null, email = `fan-${newId().toLowerCase()}@fans.example` } = {},
  ) {
    const id = newId();
    const original = `uploads/${account}/${id}/original${path.extname(file)}`;
    await w.files.putFromFile(file, original, 'application/octet-stream');
    await w.t.db
      .insertInto('uploads')
      .values(pendingUpload({ id, accountId: account, pageId: page, type: 'video', original }))
      .execute();
    await processUploadHandler(w.t.app.deps)({ uploadId: id }, job(PROCESS_UPLOAD_JOB));
    await w.t.db.updateTable('uploads').set({ approvedAt: nowIso(), moderationStatus: 'processed', status: 'processed' }).where('id', '=', id).execute();
    await w.t.db
      .insertInto('submissions')
      .values({ id: newId(), accountId: account, pageId: page, uploadId: id, email, instagram, marketingConsent: 0, termsAccepted: '[]', createdAt: nowIso() })
      .execute();
    return { id, email };
  }
  const reel = async (id: string) => (await api('owner@example.com', 'GET', `${reelsOf(w.band)}/${id}`)).json();
  const fileOf = (key: string) => w.files.pathOf(key)!;

  return { w, api, reelsOf, render, approvedVideo, reel, fileOf };
}
