import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createTestApp, testDatabases, type TestApp } from './helpers';
import { makeMedia } from './captureMedia';
import { createTusUpload, OWLS, owlsFan, tusUpload } from './tusClient';

/**
 * With the files folder or the tus folder unusable (tests run as root, where
 * chmod stops nothing, so the folder is swapped for a regular file: every write under it fails),
 * the fan gets 503 'storage-unavailable' with the message the capture page shows, no body names
 * a server path or a system error, a failed creation leaves no 'unfinished' row to count against
 * the address, and the retry succeeds once storage is back.
 */
const MESSAGE = 'We could not save your upload right now, please try again in a few minutes';
const media = makeMedia();
afterAll(() => media.cleanup());

describe.each(testDatabases)('storage faults on the fan path ($name)', { timeout: 120_000 }, (database) => {
  let t: TestApp;
  let base: string;
  const broken: string[] = [];

  beforeAll(async () => {
    // Today's default of 3 unfinished uploads per address: four failed creations must not use it up.
    t = await createTestApp(database, {
      config: { capture: { ...loadConfig({} as NodeJS.ProcessEnv).capture, unfinishedPerAddress: 3, uploadRateLimit: 1000, submitRateLimit: 1000 } },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterEach(() => {
    while (broken.length) repair(broken.pop()!);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The folder becomes a regular file (its contents kept aside) until repaired. */
  function breakFolder(folder: string) {
    fs.renameSync(folder, `${folder}.aside`);
    fs.writeFileSync(folder, 'not a folder');
    broken.push(folder);
  }
  function repair(folder: string) {
    fs.rmSync(folder, { force: true });
    fs.renameSync(`${folder}.aside`, folder);
  }

  const create = (length: number) => createTusUpload(base, length);
  const upload = (bytes: Buffer) => tusUpload(base, bytes);
  const submit = (uploadId: string) =>
    t.app.inject({ method: 'POST', url: `/api/public/pages/${OWLS.accountSlug}/${OWLS.pageSlug}/submissions`, payload: owlsFan(uploadId) });
  const count = async (table: 'uploads' | 'captureUploads' | 'submissions') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Nothing internal in an answer: no path of this machine, no system error code. */
  const expectNothingInternal = (body: string) => {
    expect(body).not.toContain(t.dataDir);
    expect(body).not.toMatch(/\/tmp\/|EROFS|ENOTDIR|ENOENT|ENOSPC|EACCES/);
  };

  it('a submission while the files folder is unusable answers 503 with the message, writes nothing, and the retry succeeds once', async () => {
    const id = await upload(media.mp4);
    const before = { uploads: await count('uploads'), submissions: await count('submissions') };
    breakFolder(path.join(t.dataDir, 'files'));
    const refused = await submit(id);
    expect(refused.statusCode).toBe(503);
    expectNothingInternal(refused.body);
    expect(refused.json()).toMatchObject({ reason: 'storage-unavailable', message: MESSAGE });
    expect({ uploads: await count('uploads'), submissions: await count('submissions') }).toEqual(before);

    repair(broken.pop()!);
    const retry = await submit(id);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(await count('uploads')).toBe(before.uploads + 1);
    expect((await submit(id)).statusCode).toBe(409);
  });

  it('creating an upload while the tus folder is unusable answers 503 without a path, leaves no row, and locks no one out', async () => {
    const rows = await count('captureUploads');
    breakFolder(path.join(t.dataDir, 'tus'));
    // More tries than the address may have unfinished uploads.
    for (let i = 0; i < 4; i += 1) {
      const response = await create(media.mp4.length);
      const body = await response.text();
      expect(response.status, body).toBe(503);
      expectNothingInternal(body);
      expect(JSON.parse(body)).toMatchObject({ reason: 'storage-unavailable', message: MESSAGE });
      expect(await count('captureUploads')).toBe(rows);
    }
    repair(broken.pop()!);
    const id = await upload(media.mp4);
    expect((await submit(id)).statusCode).toBe(201);
  });
});
