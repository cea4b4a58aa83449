import fs from 'node:fs';
import type { FastifyReply } from 'fastify';
import { contentTypeOfExtension, extensionOf } from '../../src/domain/files';
import { notFound } from '../errors';
import { isTmpKey } from './keys';
import type { LocalFileStore } from './local';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The one byte range of a `Range: bytes=a-b` header within `size`, or undefined for the whole file. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

/**
 * GET /files/<key>: a saved file (never a tmp upload) with the type of its extension (saved
 * names carry their sniffed type), immutable caching and byte ranges for video seeking.
 */
export async function serveLocalFile(store: LocalFileStore, key: string, rangeHeader: string | undefined, reply: FastifyReply) {
  const file = isTmpKey(key) ? undefined : store.pathOf(key);
  const type = contentTypeOfExtension(extensionOf(key));
  const stat = file && type ? await fs.promises.stat(file).catch(() => undefined) : undefined;
  if (!file || !type || !stat?.isFile()) throw notFound('file');
  reply
    .type(type)
    .header('cache-control', IMMUTABLE)
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
