import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Upload } from 'tus-js-client';
import { PLAN_LIMITS } from '#shared/domain/plans';
import { newId, nowIso } from '../../server/db/rows';
import { sweepFanUploads } from '../../server/services/captureUploads';
import { createTestApp, demoAccounts, testDatabases, type TestApp } from './helpers';
import { makeMedia } from './captureMedia';

const OWLS = { accountSlug: 'midnightowls', pageSlug: 'summertour2026' };
const HARBOR = { accountSlug: 'harborcityfc', pageSlug: 'matchdaymoments' };
type Slugs = typeof OWLS;

describe.each(testDatabases)('fan uploads and submissions on $name', (kind) => {
  let t: TestApp;
  let base: string;
  let band: string;
  let team: string;
  const media = makeMedia();

  beforeAll(async () => {
    t = await createTestApp(kind, {
      config: {
        capture: {
          ...(await import('../../server/config')).loadConfig({} as NodeJS.ProcessEnv).capture,
          unfinishedPerAddress: 50,
          uploadRateLimit: 1000,
          submitRateLimit: 1000,
        },
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    ({ band, team } = await demoAccounts(t.db));
    // The demo's Summer Tour page asks one custom term besides its marketing consent.
    await t.db
      .updateTable('pages')
      .set({ customTerms: JSON.stringify(['I filmed this myself']) })
      .where('accountId', '=', band)
      .where('slug', '=', 'summertour2026')
      .execute();
  });
  afterAll(async () => {
    media.cleanup();
    await t?.close();
  });

  const b64 = (value: string) => Buffer.from(value).toString('base64');
  const metadataHeader = (slugs: Slugs, filename: string, filetype: string) =>
    `accountSlug ${b64(slugs.accountSlug)},pageSlug ${b64(slugs.pageSlug)},filename ${b64(filename)},filetype ${b64(filetype)}`;

  /** POST creating a tus upload: its status, body and the upload id from Location. */
  async function create(slugs: Slugs, filename: string, filetype: string, length: number, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}/api/public/uploads`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(length), 'Upload-Metadata': metadataHeader(slugs, filename, filetype), ...headers },
    });
    const body = await response.text();
    return {
      status: response.status,
      body: body ? (JSON.parse(body) as { reason?: string; message: string }) : undefined,
      id: response.headers.get('location')?.split('/').pop(),
    };
  }
  const patch = (id: string, offset: number, bytes: Buffer, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/public/uploads/${id}`, {
      method: 'PATCH',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream', ...headers },
      body: new Uint8Array(bytes),
    });
  const head = async (id: string) => {
    const response = await fetch(`${base}/api/public/uploads/${id}`, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } });
    return { status: response.status, offset: Number(response.headers.get('upload-offset')) };
  };
  /** A whole file sent with raw tus requests in one PATCH. */
  async function rawUpload(slugs: Slugs, filename: string, filetype: string, bytes: Buffer) {
    const created = await create(slugs, filename, filetype, bytes.length);
    expect(created.status).toBe(201);
    expect((await patch(created.id!, 0, bytes)).status).toBe(204);
    return created.id!;
  }
  /** A whole file sent the way the capture page sends it: tus-js-client in small chunks. */
  function clientUpload(slugs: Slugs, filename: string, filetype: string, bytes: Buffer): Promise<string> {
    return new Promise((resolve, reject) => {
      const upload = new Upload(bytes, {
        endpoint: `${base}/api/public/uploads`,
        chunkSize: 2048,
        retryDelays: [],
        metadata: { ...slugs, filename, filetype },
        onError: reject,
        onSuccess: () => resolve(upload.url!.split('/').pop()!),
      });
      upload.start();
    });
  }
  const submit = (slugs: Slugs, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/public/pages/${slugs.accountSlug}/${slugs.pageSlug}/submissions`, payload: body as object, headers });
  const counts = async () => {
    const n = async (table: 'uploads' | 'submissions' | 'consentRecords') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Jobs live where the queue's driver keeps them (the jobs table, or pg-boss's tables).
    const jobs = Object.values(await t.app.deps.queue.counts()).reduce((sum, count) => sum + count, 0);
    return { uploads: await n('uploads'), submissions: await n('submissions'), consents: await n('consentRecords'), jobs };
  };
  const tusFile = (id: string) => path.join(t.dataDir, 'tus', id);
  const harborFields = (uploadId: string) => ({
    uploadId,
    firstName: 'Sam',
    lastName: 'Kerr',
    email: 'sam@example.com',
    country: 'UK',
    phone: '+44 20 7946 0000',
    zip: 'SW1A 1AA',
  });
  const owlsFields = (uploadId: string) => ({
    uploadId,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'Ada@Example.com',
    country: 'United States',
    city: 'Austin',
    state: 'TX',
    instagram: '@ada.films',
    venueCity: 'Denver, CO',
    song: 'Hollow Moon',
    marketingConsent: true,
    terms: [true],
    website: '',
  });

  it('takes a video sent by tus-js-client in chunks and writes upload, fan data, consent record and job at once', async () => {
    const before = await counts();
    const id = await clientUpload(OWLS, 'clip.mp4', 'video/mp4', media.mp4);
    const response = await submit(OWLS, owlsFields(id));
    expect(response.statusCode).toBe(201);
    const { id: submissionId, uploadId } = response.json() as { id: string; uploadId: string };
    // Two jobs: the processing, and the fan's mail saying their upload arrived.
    expect(await counts()).toEqual({ uploads: before.uploads + 1, submissions: before.submissions + 1, consents: before.consents + 1, jobs: before.jobs + 2 });

    const upload = await t.db.selectFrom('uploads').selectAll().where('id', '=', uploadId).executeTakeFirstOrThrow();
    expect(upload).toMatchObject({
      accountId: band,
      type: 'video',
      status: 'pending',
      encodingStatus: 'pending',
      moderationStatus: 'pending',
      original: `uploads/${band}/${uploadId}/original.mp4`,
    });
    // The bytes moved from the tus folder into the file store, unchanged.
    expect(fs.readFileSync(path.join(t.dataDir, 'files', upload.original)).equals(media.mp4)).toBe(true);
    expect(fs.existsSync(tusFile(id))).toBe(false);

    const submission = await t.db.selectFrom('submissions').selectAll().where('id', '=', submissionId).executeTakeFirstOrThrow();
    expect(submission).toMatchObject({
      // The country is stored as its ISO 3166-1 code, whether the form sent the code or (as here) an English name.
      uploadId,
      pageId: upload.pageId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      country: 'US',
      city: 'Austin',
      state: 'TX',
      instagram: 'ada.films',
      venueCity: 'Denver, CO',
      song: 'Hollow Moon',
      marketingConsent: 1,
      zip: null,
      phone: null,
      dob: null,
      tiktok: null,
      artist: null,
    });
    expect(JSON.parse(submission.termsAccepted)).toEqual(['I filmed this myself']);

    const consent = await t.db.selectFrom('consentRecords').selectAll().where('submissionId', '=', submissionId).executeTakeFirstOrThrow();
    expect(consent.pageId).toBe(upload.pageId);
    expect(JSON.parse(consent.consents)).toEqual([
      { kind: 'marketing', text: 'I agree to receive marketing and promotional communications.', required: false, accepted: true },
      { kind: 'term', text: 'I filmed this myself', required: true, accepted: true },
    ]);
    expect((await t.app.deps.queue.counts()).queued).toBeGreaterThan(0);
    if (t.app.deps.queue.driver === 'table') {
      const job = await t.db
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', 'process-upload')
        .where('payload', '=', JSON.stringify({ uploadId }))
        .executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: 'queued' });
    }

    // Consent records keep the texts as shown: a later edit of the page changes nothing in them.
    await t.db.updateTable('pages').set({ marketingConsent: 'New text' }).where('id', '=', upload.pageId).execute();
    const again = await t.db.selectFrom('consentRecords').select('consents').where('submissionId', '=', submissionId).executeTakeFirstOrThrow();
    expect(again.consents).toBe(consent.consents);
    await t.db
      .updateTable('pages')
      .set({ marketingConsent: 'I agree to receive marketing and promotional communications.' })
      .where('id', '=', upload.pageId)
      .execute();

    // The same upload a second time: 409, nothing more written.
    const twice = await submit(OWLS, owlsFields(id));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().reason).toBe('upload-used');
    expect((await counts()).uploads).toBe(before.uploads + 1);
  });

  it('takes an HEVC .mov, a webm and, where the plan has fan photos, a PNG and a JPEG, typed by their bytes', async () => {
    const files: [string, string, Buffer | undefined, string, string][] = [
      ['clip.mov', 'video/quicktime', media.mov, 'video', 'mov'],
      ['clip.webm', 'video/webm', media.webm, 'video', 'webm'],
      ['photo.png', 'image/png', media.png, 'image', 'png'],
      // A phone that says nothing about the type: the name decides the kind, the bytes the type.
      ['photo.jpeg', '', media.jpeg, 'image', 'jpg'],
    ];
    for (const [name, type, bytes, expectedKind, ext] of files) {
      if (!bytes) continue;
      const id = await rawUpload(OWLS, name, type, bytes);
      const response = await submit(OWLS, owlsFields(id));
      expect(response.statusCode, `${name}: ${response.body}`).toBe(201);
      const upload = await t.db.selectFrom('uploads').selectAll().where('id', '=', response.json().uploadId).executeTakeFirstOrThrow();
      expect(upload.type).toBe(expectedKind);
      expect(upload.original.endsWith(`/original.${ext}`)).toBe(true);
    }
  });

  it('resumes an upload cut off half-way from the offset HEAD reports, without re-sending what arrived', async () => {
    const bytes = Buffer.concat([media.mp4, Buffer.alloc(0)]);
    const created = await create(OWLS, 'clip.mp4', 'video/mp4', bytes.length);
    const half = Math.floor(bytes.length / 2);
    // Send the first half of the body, then cut the connection.
    await new Promise<void>((resolve) => {
      const request = http.request(`${base}/api/public/uploads/${created.id}`, {
        method: 'PATCH',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(bytes.length) },
      });
      request.on('error', () => resolve());
      request.write(bytes.subarray(0, half), () =>
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 200),
      );
    });
    let offset = 0;
    for (let i = 0; i < 50 && offset < half; i++) {
      offset = (await head(created.id!)).offset;
      if (offset < half) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(offset).toBe(half);
    // Not finished: the submission is refused and nothing is written.
    const before = await counts();
    const early = await submit(OWLS, owlsFields(created.id!));
    expect(early.statusCode).toBe(409);
    expect(early.json().reason).toBe('upload-unfinished');
    expect(await counts()).toEqual(before);
    // A PATCH at the wrong offset is refused; the rest from the reported offset finishes it.
    expect((await patch(created.id!, 0, bytes)).status).toBe(409);
    const rest = await patch(created.id!, offset, bytes.subarray(offset));
    expect(rest.status).toBe(204);
    expect((await head(created.id!)).offset).toBe(bytes.length);
    expect(fs.readFileSync(tusFile(created.id!)).equals(bytes)).toBe(true);
    expect((await submit(OWLS, owlsFields(created.id!))).statusCode).toBe(201);
  });

  it('refuses uploads at creation: wrong kind, oversize, photos on Free, closed pages, no metadata, unknown length', async () => {
    const refusal = async (slugs: Slugs, name: string, type: string, length: number, headers: Record<string, string> = {}) => {
      const created = await create(slugs, name, type, length, headers);
      return `${created.status} ${created.body?.reason ?? ''}`.trim();
    };
    const GB2 = 2 * 1024 ** 3;
    const MB25 = 25 * 1024 ** 2;
    expect(await refusal(OWLS, 'clip.mp4', 'video/mp4', GB2)).toBe('201');
    expect(await refusal(OWLS, 'clip.mp4', 'video/mp4', GB2 + 1)).toBe('413 too-large');
    expect(await refusal(OWLS, 'photo.jpg', 'image/jpeg', MB25)).toBe('201');
    expect(await refusal(OWLS, 'photo.jpg', 'image/jpeg', MB25 + 1)).toBe('413 too-large');
    expect((await create(OWLS, 'photo.jpg', 'image/jpeg', MB25 + 1)).body?.message).toBe('This file is too large. A photo may be at most 25 MB.');
    expect(await refusal(OWLS, 'setup.exe', 'application/x-msdownload', 1000)).toBe('400 wrong-kind');
    expect(await refusal(OWLS, 'notes.txt', 'text/plain', 1000)).toBe('400 wrong-kind');
    expect(await refusal(OWLS, 'clip.mp4', 'text/plain', 1000)).toBe('400 wrong-kind');
    expect(await refusal(HARBOR, 'photo.jpg', 'image/jpeg', 1000)).toBe('403 photos-not-on-plan');
    expect(await refusal(HARBOR, 'clip.mp4', 'video/mp4', 1000)).toBe('201');
    expect(await refusal({ accountSlug: 'midnightowls', pageSlug: 'springtour2026' }, 'clip.mp4', 'video/mp4', 1000)).toBe('403 page-not-enabled');
    expect(await refusal({ accountSlug: 'granitepeak', pageSlug: 'seasonopener' }, 'clip.mp4', 'video/mp4', 1000)).toBe('403 account-disabled');
    expect(await refusal({ accountSlug: 'midnightowls', pageSlug: 'nothing' }, 'clip.mp4', 'video/mp4', 1000)).toBe('404 page-not-found');
    expect(await refusal(OWLS, 'clip.mp4', 'video/mp4', 0)).toBe('400');
    const noMetadata = await fetch(`${base}/api/public/uploads`, { method: 'POST', headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '100' } });
    expect(noMetadata.status).toBe(400);
    const deferred = await fetch(`${base}/api/public/uploads`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Defer-Length': '1', 'Upload-Metadata': metadataHeader(OWLS, 'clip.mp4', 'video/mp4') },
    });
    expect(deferred.status).toBe(400);
    // Another site's script may not drive uploads (our Origin check on every /api/ mutation).
    expect((await create(OWLS, 'clip.mp4', 'video/mp4', 1000, { Origin: 'https://evil.example.com' })).status).toBe(403);
  });

  it('answers PATCHes by the tus 1.0 rules: version, headers, unknown upload, offset, length', async () => {
    const bytes = media.mp4;
    const created = await create(OWLS, 'clip.mp4', 'video/mp4', bytes.length);
    const id = created.id!;
    const raw = (headers: Record<string, string>, body: Uint8Array<ArrayBuffer> = new Uint8Array(bytes.subarray(0, 10)), target = id) =>
      fetch(`${base}/api/public/uploads/${target}`, { method: 'PATCH', headers, body });
    const proper = { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' };
    // Header refusals are @tus/server's plain text; the rest our JSON shape.
    const refused = async (response: Response) => {
      const text = await response.text();
      return `${response.status} ${text.startsWith('{') ? (JSON.parse(text) as { message: string }).message : text}`.trim();
    };

    const noVersion = await raw({ 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' });
    expect([noVersion.status, noVersion.headers.get('tus-resumable')]).toEqual([412, '1.0.0']);
    expect(await refused(await raw({ ...proper, 'Upload-Offset': '-1' }))).toBe('400 Invalid upload-offset');
    expect(await refused(await raw({ ...proper, 'Upload-Offset': '01' }))).toBe('400 Invalid upload-offset');
    expect(await refused(await raw({ ...proper, 'Content-Type': 'application/octet-stream' }))).toBe('400 Invalid content-type');
    expect(await refused(await raw({ 'Tus-Resumable': '1.0.0', 'Content-Type': 'application/offset+octet-stream' }))).toBe('403 Upload-Offset header required');
    expect(await refused(await raw(proper, undefined, 'no-such-upload'))).toBe('404 The file for this url was not found');
    expect(await refused(await raw({ ...proper, 'Upload-Offset': '5' }))).toBe('409 Upload-Offset conflict');
    expect(await refused(await raw({ ...proper, 'Upload-Length': String(bytes.length) }))).toBe('400 Upload-Length or Upload-Defer-Length header required');
    // More bytes than the upload's length: 413 in our refusal shape, nothing written.
    const over = await raw(proper, new Uint8Array(Buffer.concat([bytes, Buffer.alloc(1)])));
    expect(over.status).toBe(413);
    expect(((await over.json()) as { reason: string }).reason).toBe('too-large');
    expect((await head(id)).offset).toBe(0);

    // Each answer tells the new offset; the last byte finishes the upload.
    const first = await patch(id, 0, bytes.subarray(0, 100));
    expect([first.status, first.headers.get('upload-offset'), first.headers.get('tus-resumable')]).toEqual([204, '100', '1.0.0']);
    const rest = await patch(id, 100, bytes.subarray(100));
    expect([rest.status, rest.headers.get('upload-offset')]).toEqual([204, String(bytes.length)]);
    expect(fs.readFileSync(tusFile(id)).equals(bytes)).toBe(true);
    expect((await patch(id, bytes.length, Buffer.alloc(1))).status).toBe(413);
  });

  it('lets a retry take over an upload whose PATCH stalled: the stalled one stops, keeps what arrived and says so', async () => {
    const bytes = media.mp4;
    const created = await create(OWLS, 'clip.mp4', 'video/mp4', bytes.length);
    const half = Math.floor(bytes.length / 2);
    // A PATCH that sends half its body and then nothing (a phone that lost its network, connection still open).
    const stalled = http.request(`${base}/api/public/uploads/${created.id}`, {
      method: 'PATCH',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(bytes.length) },
    });
    const stalledAnswer = new Promise<string>((resolve) => {
      stalled.on('response', (response) => resolve(`${response.statusCode} ${response.headers['upload-offset']}`));
      stalled.on('error', () => resolve('dropped'));
    });
    stalled.write(bytes.subarray(0, half));
    await expect.poll(() => fs.existsSync(tusFile(created.id!)) && fs.statSync(tusFile(created.id!)).size, { timeout: 20_000 }).toBe(half);
    // The client's retry asks the offset: it waits for the stalled request to let go of the upload (lockDrainTimeout).
    expect((await head(created.id!)).offset).toBe(half);
    // The stalled request ends with the offset it reached, as @tus/server's PATCH does.
    expect(await stalledAnswer).toBe(`204 ${half}`);
    stalled.destroy();
    const rest = await patch(created.id!, half, bytes.subarray(half));
    expect(rest.status).toBe(204);
    expect(fs.readFileSync(tusFile(created.id!)).equals(bytes)).toBe(true);
  });

  it("refuses the Free plan's 251st upload at creation and at submission", async () => {
    const id = await rawUpload(HARBOR, 'clip.mp4', 'video/mp4', media.mp4);
    const row = {
      accountId: team,
      pageId: (await t.db.selectFrom('pages').select('id').where('accountId', '=', team).where('slug', '=', 'matchdaymoments').executeTakeFirstOrThrow()).id,
    };
    const existing = Number(
      (
        await t.db
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('accountId', '=', team)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const fill = Array.from({ length: PLAN_LIMITS.free.uploads! - existing }, () => ({
      ...row,
      id: newId(),
      type: 'video' as const,
      status: 'processed',
      encodingStatus: 'processed',
      original: 'x',
      mp4: null,
      webm: null,
      thumbnail: null,
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
      createdAt: nowIso(),
      updatedAt: nowIso(),
    }));
    for (let i = 0; i < fill.length; i += 50)
      await t.db
        .insertInto('uploads')
        .values(fill.slice(i, i + 50))
        .execute();
    const before = await counts();
    const response = await submit(HARBOR, harborFields(id));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ reason: 'upload-cap-reached', message: 'This page has reached its upload limit and cannot take more uploads.' });
    expect(await counts()).toEqual(before);
    expect((await create(HARBOR, 'clip.mp4', 'video/mp4', 1000)).body?.reason).toBe('upload-cap-reached');
    await t.db
      .deleteFrom('uploads')
      .where(
        'id',
        'in',
        fill.map((upload) => upload.id),
      )
      .execute();
    const ok = await submit(HARBOR, harborFields(id));
    expect(ok.statusCode).toBe(201);
  });

  it('refuses bad submissions with a clear 4xx and writes nothing', async () => {
    const id = await rawUpload(OWLS, 'clip.mp4', 'video/mp4', media.mp4);
    const otherPage = await rawUpload(HARBOR, 'clip.mp4', 'video/mp4', media.mp4);
    const unfinished = (await create(OWLS, 'clip.mp4', 'video/mp4', media.mp4.length)).id!;
    const before = await counts();
    const cases: [string, unknown, number, string][] = [
      ['a missing required term', { ...owlsFields(id), terms: undefined }, 400, 'terms: Required'],
      ['an unticked required term', { ...owlsFields(id), terms: [false] }, 400, 'terms.0: You must agree to the terms'],
      ['an unknown field', { ...owlsFields(id), phone: '5551234' }, 400, 'Unknown field: phone'],
      ['wrong types', { ...owlsFields(id), firstName: 42, marketingConsent: 'yes' }, 400, 'firstName: Invalid value'],
      ['a song not on the list', { ...owlsFields(id), song: 'Free Bird' }, 400, 'song: Choose one of the listed options'],
      ['a country not in ISO 3166', { ...owlsFields(id), country: 'Atlantis' }, 400, 'country: Choose one of the listed options'],
      ['a US state that is not one', { ...owlsFields(id), country: 'US', state: 'Ontario' }, 400, 'state: Choose one of the listed options'],
      ['a bad email', { ...owlsFields(id), email: 'ada@' }, 400, 'email: Must be a valid email'],
      ['no upload id', { ...owlsFields(id), uploadId: undefined }, 400, 'uploadId: Required'],
      ['a list body', [1, 2], 400, 'must be a JSON object'],
      ['a forged upload id', owlsFields('forged-upload-id-0000'), 404, 'The upload was not found. Please choose your file again.'],
      ["another page's upload", owlsFields(otherPage), 400, 'This upload belongs to another page.'],
      ['an unfinished upload', owlsFields(unfinished), 409, 'The upload has not finished yet.'],
    ];
    for (const [what, body, status, message] of cases) {
      const response = await submit(OWLS, body);
      expect(`${what}: ${response.statusCode} ${response.json().message}`).toContain(`${what}: ${status}`);
      expect(response.json().message, what).toContain(message);
    }
    expect(await counts()).toEqual(before);
    // None of them used the upload up.
    expect((await submit(OWLS, owlsFields(id))).statusCode).toBe(201);
  });

  it('refuses and deletes a text file named .mp4, a renamed executable and a truncated video', async () => {
    const before = await counts();
    const files: [string, Buffer, string][] = [
      ['notes.mp4', Buffer.from('hello, this is not a video at all\n'.repeat(20)), 'wrong-kind'],
      ['setup.mp4', Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(2000, 7)]), 'wrong-kind'],
      ['cut.mp4', media.mp4.subarray(0, media.mp4.length - 500), 'file-damaged'],
      ['photo.mp4', media.png, 'wrong-kind'],
    ];
    for (const [name, bytes, reason] of files) {
      const id = await rawUpload(OWLS, name, 'video/mp4', bytes);
      expect(fs.existsSync(tusFile(id))).toBe(true);
      const response = await submit(OWLS, owlsFields(id));
      expect(`${name} ${response.statusCode} ${response.json().reason}`).toBe(`${name} 400 ${reason}`);
      expect(fs.existsSync(tusFile(id)), name).toBe(false);
      expect((await submit(OWLS, owlsFields(id))).statusCode).toBe(404);
    }
    expect(await counts()).toEqual(before);
  });

  it('holds a submission whose honeypot is filled as suspected spam: answers like a success, counts nothing (tests/server/suspectedSpam.test.ts)', async () => {
    const id = await rawUpload(OWLS, 'clip.mp4', 'video/mp4', media.mp4);
    const before = await counts();
    const response = await submit(OWLS, { ...owlsFields(id), website: 'http://spam.example.com' });
    expect(response.statusCode).toBe(201);
    expect(await counts()).toEqual(before);
    expect(await t.db.selectFrom('suspectedSpam').select('id').where('id', '=', response.json().uploadId).executeTakeFirst()).toBeDefined();
  });

  it('removes uploads not submitted within 24 hours, bytes and all', async () => {
    const finished = await rawUpload(OWLS, 'clip.mp4', 'video/mp4', media.mp4);
    const partial = (await create(OWLS, 'clip.mp4', 'video/mp4', media.mp4.length)).id!;
    await patch(partial, 0, media.mp4.subarray(0, 100));
    expect(await sweepFanUploads(t.db, t.app.tusStore)).toBe(0);
    const later = new Date(Date.now() + 24 * 3600_000 + 1000);
    await sweepFanUploads(t.db, t.app.tusStore, later);
    for (const id of [finished, partial]) {
      expect(fs.existsSync(tusFile(id))).toBe(false);
      expect(await t.db.selectFrom('captureUploads').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
      expect((await head(id)).status).toBe(404);
    }
  });

  it('stores no raw address anywhere', async () => {
    const tables = ['captureUploads', 'visits', 'submissions', 'consentRecords', 'uploads', 'jobs'] as const;
    for (const table of tables) {
      const rows = await t.db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows), table).not.toContain('127.0.0.1');
    }
  });

  it('limits unfinished uploads per address and upload creation per address and page', async () => {
    const limited = await createTestApp(kind, {
      config: { capture: { ...t.config.capture, unfinishedPerAddress: 2, uploadRateLimit: 4, submitRateLimit: 3 } },
    });
    try {
      await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(limited.app.server.address() as { port: number }).port}/api/public/uploads`;
      const post = (slugs: Slugs) =>
        fetch(url, {
          method: 'POST',
          headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '1000', 'Upload-Metadata': metadataHeader(slugs, 'clip.mp4', 'video/mp4') },
        });
      expect((await post(OWLS)).status).toBe(201);
      expect((await post(OWLS)).status).toBe(201);
      const third = await post(OWLS);
      expect(third.status).toBe(429);
      expect(JSON.parse(await third.text()).reason).toBe('too-many-unfinished');
      expect((await post(OWLS)).status).toBe(429);
      // The fifth creation in the hour for this page is refused by the rate limit itself.
      const fifth = await post(OWLS);
      expect(fifth.status).toBe(429);
      expect(await fifth.text()).toContain('Too many requests');
      expect(await limited.db.selectFrom('captureUploads').selectAll().execute()).toHaveLength(2);

      // Submissions: at most 3 an hour per address and page, counted even when refused.
      const attempt = () =>
        limited.app.inject({ method: 'POST', url: '/api/public/pages/midnightowls/summertour2026/submissions', payload: { uploadId: 'nothing' } });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(400);
      const over = await attempt();
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toContain('Too many requests');
    } finally {
      await limited.close();
    }
  });
});
