import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Server } from '@tus/server';
import { ERRORS, EVENTS, EXPOSED_HEADERS, Metadata, TUS_RESUMABLE, type DataStore, type Upload } from '@tus/utils';

/** A tus refusal: what @tus/server's handlers throw (ERRORS.*) and our hooks answer. */
interface TusRefusal {
  status_code: number;
  body: string;
}
const isRefusal = (error: unknown): error is TusRefusal =>
  typeof error === 'object' && error !== null && typeof (error as TusRefusal).status_code === 'number' && typeof (error as TusRefusal).body === 'string';

interface FilePatchOptions {
  /** The @tus/server answering every other request: its locker, allowed origins, hooks and events are shared. */
  tus: Server;
  /** The @tus/file-store datastore (its getUpload reads the offset from the file's size). */
  datastore: DataStore;
  /** Where the datastore keeps upload `<id>`'s bytes. */
  fileOf(id: string): string;
}

// @tus/server's header rules for the headers a PATCH may carry (validators/HeaderValidator.js).
const nonNegativeInteger = (value: string) => /^(0|[1-9]\d*)$/.test(value) && Number.isSafeInteger(Number(value));
const VALIDATORS: Record<string, (value: string) => boolean> = {
  'upload-offset': nonNegativeInteger,
  'upload-length': nonNegativeInteger,
  'upload-defer-length': (value) => value === '1',
  'tus-resumable': (value) => value === TUS_RESUMABLE,
  'content-type': (value) => value === 'application/offset+octet-stream',
  'x-forwarded-proto': (value) => value === 'http' || value === 'https',
  'upload-metadata': (value) => {
    try {
      Metadata.parse(value);
      return true;
    } catch {
      return false;
    }
  },
};

/** Counts the bytes passing and stops past `max` (ERR_SIZE_EXCEEDED), like @tus/utils' StreamLimiter. */
class CountingLimiter extends Transform {
  bytes = 0;
  constructor(private readonly max: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void): void {
    this.bytes += chunk.length;
    if (this.bytes > this.max) callback(Object.assign(new Error(ERRORS.ERR_SIZE_EXCEEDED.body), ERRORS.ERR_SIZE_EXCEEDED));
    else callback(null, chunk);
  }
}

/**
 * tus PATCH for uploads kept by @tus/file-store, streaming the request straight into the file
 * (`stream.pipeline`, no web-stream conversion: @tus/server turns the Node request into a web
 * stream and back, which halved throughput). Same semantics as @tus/server's PatchHandler: tus
 * 1.0 headers checked (412 without Tus-Resumable, 400 on an invalid header, 403 without the
 * content type), the upload locked with the server's own locker (a newer request for the same
 * upload makes this one stop after lockDrainTimeout, keeping what arrived), 409 when
 * Upload-Offset is not the stored offset, 413 past the upload's length, the bytes that arrived
 * kept when the client drops (the offset is the file's size), onUploadFinish and POST_FINISH
 * when the last byte is in. Upload-Checksum is ignored, as @tus/server does (no checksum
 * extension is announced). Refusals go through the server's onResponseError.
 */
export function filePatchHandler({ tus, datastore, fileOf }: FilePatchOptions) {
  const { options } = tus;
  const corsOrigin = (origin: string | undefined): string | undefined => {
    const allowed = options.allowedOrigins;
    if (typeof allowed === 'function') return origin && allowed(origin) ? origin : undefined;
    if (!allowed) return '*';
    if (!origin) return allowed[0];
    return allowed.includes(origin) ? origin : allowed[0];
  };

  return async function patch(req: IncomingMessage, res: ServerResponse, id: string | undefined): Promise<void> {
    const headers: Record<string, string> = { 'Tus-Resumable': TUS_RESUMABLE, 'Access-Control-Expose-Headers': EXPOSED_HEADERS };
    const origin = corsOrigin(req.headers.origin);
    if (origin) headers['Access-Control-Allow-Origin'] = origin;
    if (options.allowedCredentials === true) headers['Access-Control-Allow-Credentials'] = 'true';
    let clientGone = false;
    req.once('error', () => (clientGone = true));

    const send = (status: number, body = '') => {
      if (res.headersSent || res.destroyed) return;
      const extra: Record<string, string> = clientGone ? { Connection: 'close' } : {};
      if (status !== 204) extra['Content-Length'] = String(Buffer.byteLength(body));
      res.writeHead(status, { ...headers, ...extra });
      res.end(status === 204 ? undefined : body);
    };
    const refuse = async (error: TusRefusal) => {
      const mapped = options.onResponseError ? await options.onResponseError(undefined as never, error as never) : undefined;
      send(mapped?.status_code ?? error.status_code, mapped?.body ?? error.body);
    };

    try {
      if (!req.headers['tus-resumable']) return send(412, 'Tus-Resumable Required\n');
      const invalid = Object.keys(VALIDATORS).filter((name) => {
        const value = req.headers[name];
        return typeof value === 'string' && !VALIDATORS[name](value);
      });
      if (invalid.length > 0) return send(400, `Invalid ${invalid.join(' ')}\n`);
      if (!id) throw ERRORS.FILE_NOT_FOUND;
      const offsetHeader = req.headers['upload-offset'];
      if (offsetHeader === undefined) throw ERRORS.MISSING_OFFSET;
      const offset = Number(offsetHeader);
      if (req.headers['content-type'] === undefined) throw ERRORS.INVALID_CONTENT_TYPE;

      // A newer request for this upload (a client retrying after a drop) asks for the lock:
      // this one stops reading after lockDrainTimeout and answers with what it wrote.
      const stop = new AbortController();
      const locker = await (typeof options.locker === 'function' ? options.locker(undefined as never) : options.locker);
      const lock = locker.newLock(id);
      await lock.lock(stop.signal, () => {
        setTimeout(() => stop.abort(), options.lockDrainTimeout ?? 3000).unref();
      });
      let upload: Upload;
      let newOffset: number;
      try {
        upload = await datastore.getUpload(id);
        if (datastore.hasExtension('expiration') && datastore.getExpiration() > 0 && upload.creation_date) {
          if (Date.now() > new Date(upload.creation_date).getTime() + datastore.getExpiration()) throw ERRORS.FILE_NO_LONGER_EXISTS;
        }
        if (upload.offset !== offset) throw ERRORS.INVALID_OFFSET;
        // Every upload of ours declares its length at creation (creation-defer-length is refused there).
        if (req.headers['upload-length'] !== undefined || upload.size === undefined) throw ERRORS.INVALID_LENGTH;
        const length = req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']);
        if (length !== undefined && offset + length > upload.size) throw ERRORS.ERR_SIZE_EXCEEDED;
        newOffset = offset + (await writeBody(req, fileOf(id), offset, upload.size - offset, stop.signal));
      } finally {
        await lock.unlock();
      }
      upload.offset = newOffset;
      if (newOffset === upload.size && options.onUploadFinish) {
        const hook = await options.onUploadFinish(undefined as never, upload);
        if (hook?.headers) Object.assign(headers, hook.headers);
      }
      headers['Upload-Offset'] = String(newOffset);
      send(204);
      if (newOffset === upload.size) (tus.emit as (event: string, ...args: unknown[]) => boolean).call(tus, EVENTS.POST_FINISH, undefined, undefined, upload);
    } catch (error) {
      if (isRefusal(error)) return refuse(error);
      await refuse(ERRORS.UNKNOWN_ERROR);
      throw error;
    }
  };
}

/**
 * The request body appended to the file at `offset`, at most `max` bytes; answers the bytes
 * written. A client that drops keeps what arrived (ERRORS.ABORTED after the file is flushed);
 * `stop` ends the body early and keeps what arrived too.
 */
async function writeBody(req: IncomingMessage, file: string, offset: number, max: number, stop: AbortSignal): Promise<number> {
  const limiter = new CountingLimiter(max);
  const onStop = () => {
    req.unpipe(limiter);
    limiter.end();
  };
  stop.addEventListener('abort', onStop, { once: true });
  let dropped = false;
  const onAborted = () => {
    dropped = true;
    // The file keeps what arrived: end the chain instead of destroying the write stream.
    req.unpipe(limiter);
    limiter.end();
  };
  req.once('aborted', onAborted);
  req.once('error', onAborted);
  try {
    req.pipe(limiter);
    await pipeline(limiter, fs.createWriteStream(file, { flags: 'r+', start: offset }));
  } catch (error) {
    if (isRefusal(error)) throw error;
    throw ERRORS.FILE_WRITE_ERROR;
  } finally {
    stop.removeEventListener('abort', onStop);
    req.off('aborted', onAborted);
    req.off('error', onAborted);
  }
  if (dropped) throw ERRORS.ABORTED;
  return limiter.bytes;
}
