import { expect } from 'vitest';

/** The demo's pages fans upload to in the server tests. */
export const OWLS = { accountSlug: 'midnightowls', pageSlug: 'summertour2026' } as const;

type Slugs = { accountSlug: string; pageSlug: string };

/** Upload-Metadata naming the page and the file, as the capture page sends it. */
export function tusMetadata(slugs: Slugs, filename = 'clip.mp4', filetype = 'video/mp4'): string {
  return Object.entries({ ...slugs, filename, filetype })
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** POST creating a tus upload of `length` bytes on a listening server. */
export function createTusUpload(base: string, length: number, slugs: Slugs = OWLS): Promise<Response> {
  return fetch(`${base}/api/public/uploads`, {
    method: 'POST',
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(length), 'Upload-Metadata': tusMetadata(slugs) },
  });
}

/** A finished tus upload of `bytes` (one POST, one PATCH) on a listening server; answers its id. */
export async function tusUpload(base: string, bytes: Buffer, slugs: Slugs = OWLS): Promise<string> {
  const created = await createTusUpload(base, bytes.length, slugs);
  expect(created.status).toBe(201);
  const id = created.headers.get('location')!.split('/').pop()!;
  const patched = await fetch(`${base}/api/public/uploads/${id}`, {
    method: 'PATCH',
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  expect(patched.status).toBe(204);
  return id;
}

/** What a fan fills on the Summer Tour page (the Owls' demo page). */
export const owlsFan = (uploadId: string) => ({
  uploadId,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  country: 'United States',
  city: 'Austin',
  state: 'TX',
  venueCity: 'Denver, CO',
  song: 'Hollow Moon',
});

/** The bytes stored under a key of the file store, or undefined when there is none. */
export async function storedBytes(files: { read(key: string): Promise<NodeJS.ReadableStream | undefined> }, key: string): Promise<Buffer | undefined> {
  const stream = await files.read(key);
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
