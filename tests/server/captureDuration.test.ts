import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES } from '#shared/domain/capture';
import { loadConfig } from '../../server/config';
import { clipSecondsAtLeast } from '../../server/capture/duration';
import { makeClip, tools } from '../fixtures/media';
import { makeLiveWebm } from '../fixtures/liveWebm';
import { createTestApp, demoAccounts, testDatabases, type TestApp } from './helpers';

const OWLS = { accountSlug: 'midnightowls', pageSlug: 'summertour2026' };

const ffmpeg = (...args: string[]) => execFileSync(tools.ffmpeg, ['-v', 'error', '-y', ...args], { stdio: 'pipe' });

/** Clips of `seconds` in each container a phone sends, and a live webm (no duration in its header). */
function makeClips(dir: string, seconds: number) {
  const mp4 = makeClip(path.join(dir, `clip${seconds}.mp4`), { size: '160x120', seconds });
  const mov = path.join(dir, `clip${seconds}.mov`);
  ffmpeg('-i', mp4, '-c', 'copy', mov);
  const webm = path.join(dir, `clip${seconds}.webm`);
  ffmpeg('-i', mp4, '-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libopus', webm);
  return { mp4, mov, webm, live: makeLiveWebm(path.join(dir, `live${seconds}.webm`), seconds) };
}

const secondsOf = (file: string, type: Parameters<typeof clipSecondsAtLeast>[2]) => {
  const bytes = fs.readFileSync(file);
  return clipSecondsAtLeast(async (position, length) => bytes.subarray(position, position + length), bytes.length, type);
};

describe("a clip's length from its headers", () => {
  let work: string;
  let clips: ReturnType<typeof makeClips>;
  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-duration-'));
    clips = makeClips(work, 3);
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it("is the movie header's of an mp4 or mov and the Info duration of a webm", async () => {
    expect(await secondsOf(clips.mp4, 'video/mp4')).toBeCloseTo(3, 1);
    expect(await secondsOf(clips.mov, 'video/quicktime')).toBeCloseTo(3, 1);
    expect(await secondsOf(clips.webm, 'video/webm')).toBeCloseTo(3, 1);
  });

  it('is at least where the last cluster starts for a live webm that states none', async () => {
    const seconds = await secondsOf(clips.live, 'video/webm');
    expect(seconds).toBeGreaterThan(2);
    expect(seconds).toBeLessThanOrEqual(3);
  });

  it('is unknown for bytes that are no such container', async () => {
    const junk = path.join(work, 'junk.webm');
    fs.writeFileSync(junk, Buffer.alloc(4096, 7));
    expect(await secondsOf(junk, 'video/webm')).toBeUndefined();
    expect(await secondsOf(junk, 'video/mp4')).toBeUndefined();
  });
});

describe.each(testDatabases)('a clip over the limit, refused at submission on $name', { timeout: 60_000 }, (kind) => {
  let t: TestApp;
  let base: string;
  let band: string;
  let work: string;
  let long: ReturnType<typeof makeClips>;
  let short: string;

  beforeAll(async () => {
    const capture = { ...loadConfig({} as NodeJS.ProcessEnv).capture, unfinishedPerAddress: 50, uploadRateLimit: 1000, submitRateLimit: 1000 };
    t = await createTestApp(kind, { config: { capture } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    ({ band } = await demoAccounts(t.db));
    await t.db.updateTable('pages').set({ customTerms: '[]', maxVideoSeconds: 5 }).where('accountId', '=', band).where('slug', '=', OWLS.pageSlug).execute();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-duration-submit-'));
    long = makeClips(work, 8);
    short = makeClip(path.join(work, 'short.mp4'), { size: '160x120', seconds: 2 });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const b64 = (value: string) => Buffer.from(value).toString('base64');
  const tus = { 'Tus-Resumable': '1.0.0' };

  /** The file sent to the page with tus in one PATCH: the upload id. */
  async function upload(file: string, type: string): Promise<string> {
    const bytes = fs.readFileSync(file);
    const metadata = `accountSlug ${b64(OWLS.accountSlug)},pageSlug ${b64(OWLS.pageSlug)},filename ${b64(path.basename(file))},filetype ${b64(type)}`;
    const created = await fetch(`${base}/api/public/uploads`, {
      method: 'POST',
      headers: { ...tus, 'Upload-Length': String(bytes.length), 'Upload-Metadata': metadata },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const id = created.headers.get('location')!.split('/').pop()!;
    const sent = await fetch(`${base}/api/public/uploads/${id}`, {
      method: 'PATCH',
      headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });
    expect(sent.status).toBe(204);
    return id;
  }
  const submit = (uploadId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/pages/${OWLS.accountSlug}/${OWLS.pageSlug}/submissions`,
      payload: {
        uploadId,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        country: 'United States',
        city: 'Austin',
        state: 'TX',
        venueCity: 'Denver, CO',
        song: 'Hollow Moon',
        marketingConsent: true,
        website: '',
      },
    });
  const uploadsCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each([
    ['mp4', 'video/mp4'],
    ['mov', 'video/quicktime'],
    ['webm', 'video/webm'],
    ['live', 'video/webm'],
  ] as const)('refuses an 8 s %s on a page that takes 5 s, with the reason the capture page shows', async (name, type) => {
    const before = await uploadsCount();
    const id = await upload(long[name], type);
    const response = await submit(id);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: 'CaptureRefused', reason: 'too-long', message: REFUSAL_MESSAGES['too-long'] });
    expect(await uploadsCount()).toBe(before);
    // The refused bytes are gone: sending the same upload again finds nothing.
    expect((await submit(id)).json()).toMatchObject({ reason: 'upload-not-found' });
  });

  it("refuses by CAPTURE_MAX_DURATION_SECONDS when it is smaller than the page's limit", async () => {
    const capture = t.app.deps.config.capture;
    const configured = capture.maxDurationSeconds;
    capture.maxDurationSeconds = 1;
    try {
      const response = await submit(await upload(short, 'video/mp4'));
      expect(response.json()).toMatchObject({ reason: 'too-long' });
    } finally {
      capture.maxDurationSeconds = configured;
    }
  });

  it('takes a clip within the limit', async () => {
    const response = await submit(await upload(short, 'video/mp4'));
    expect(response.statusCode, response.body).toBe(201);
  });
});
