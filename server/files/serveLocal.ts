import fs from 'node:fs';
import type { FastifyReply } from 'fastify';
import { contentTypeOfExtension, extensionOf } from '#shared/domain/files';
import { forbidden, notFound } from '../errors';
import { isTmpKey } from './keys';
import type { LocalFileStore } from './local';
import { isPrivateKey } from './signedUrls';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The one byte range of a `Range: bytes=a-b` header within `size`, or undefined for the whole file. */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

interface SignedGet {
  expires?: string;
  signature?: string;
}

/**
 * How long a file may be cached: a public file forever (saved files never change); a fan's file
 * only with a valid signed address, and no longer than the address works. Anything else is
 * refused, and an address without a signature answers as if there were no file.
 */
function cachingOf(store: LocalFileStore, key: string, signed: SignedGet): string {
  if (!isPrivateKey(key)) return IMMUTABLE;
  if (signed.expires === undefined && signed.signature === undefined) throw notFound('file');
  const check = store.checkSignedGet(key, signed.expires, signed.signature);
  if (check === 'expired') throw forbidden('app.server.fileLinkExpired');
  if (check === 'invalid') throw forbidden('app.server.fileLinkInvalid');
  const remaining = Math.max(0, Math.floor(Number(signed.expires) - Date.now() / 1000));
  return `private, max-age=${remaining}`;
}

/**
 * GET /files/<key>: a saved file (never a tmp upload) with the type of its extension (saved
 * names carry their sniffed type), caching and byte ranges for video seeking. Fans' files
 * (uploads/...) only through a signed address.
 */
export async function serveLocalFile(store: LocalFileStore, key: string, signed: SignedGet, rangeHeader: string | undefined, reply: FastifyReply) {
  const file = isTmpKey(key) ? undefined : store.pathOf(key);
  const type = contentTypeOfExtension(extensionOf(key));
  if (!file || !type) throw notFound('file');
  const caching = cachingOf(store, key, signed);
  const stat = await fs.promises.stat(file).catch(() => undefined);
  if (!stat?.isFile()) throw notFound('file');
  reply
    .type(type)
    .header('cache-control', caching)
    .header('last-modified', stat.mtime.toUTCString())
    .header('accept-ranges', 'bytes')
    // Public images: capture pages and link previews on other sites may show them.
    .header('cross-origin-resource-policy', 'cross-origin');
  const range = byteRange(rangeHeader, stat.size);
  if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${stat.size}`).send();
  if (!range) return reply.header('content-length', stat.size).send(fs.createReadStream(file));
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(fs.createReadStream(file, { start: range.start, end: range.end }));
}
