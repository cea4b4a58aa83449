import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { tmpValueOf } from '#shared/domain/files';
import type { TemporaryPost } from '../../server/files';

/** What the browser stores in a ...Tmp field: url plus path. */
export const tmpValue = tmpValueOf;

export async function temporaryPost(app: FastifyInstance, cookie: string, fileName: string): Promise<TemporaryPost> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/uploads/temporary?fileName=${encodeURIComponent(fileName)}&keepOriginalName=true`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Posts the form the way the browser does: every field, then the file. */
export async function postForm(app: FastifyInstance, post: TemporaryPost, bytes: Buffer, fieldOverrides: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...post.fields, ...fieldOverrides })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'upload');
  const encoded = new Response(form);
  return app.inject({
    method: 'POST',
    url: post.url,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, origin: 'http://localhost:3000', host: 'localhost:3000' },
  });
}

/** A PUT /api/accounts/:id body: the required settings plus the given fields (images, terms URL). */
export const settings = (images: Record<string, string | null>) => ({
  primaryColor: '',
  secondaryColor: '',
  lightHeader: false,
  helpEmailAddress: '',
  socialSiteTitle: '',
  socialSiteDescription: '',
  links: { primary: '', header: [], footer: [] },
  ...images,
});
