import fs from 'node:fs';
import path from 'node:path';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import {
  contentTypeOfExtension,
  extensionOf,
  extensionOfContentType,
  megabytes,
  TEMPORARY_POST_TTL_SECONDS,
  type KnownContentType,
} from '#shared/domain/files';
import { badRequest, forbidden, HttpError } from '../errors';
import { finalKey, isSafeKey, isTmpKey, newTmpKey } from './keys';
import { sniffContentType, SNIFF_BYTES } from './sniff';
import { storedSecret } from './storedSecret';
import type { FileStore, StoredObject, TemporaryPost, TemporaryPostInput } from './types';
import type { SigningWindow } from './signedUrls';

/** Where the browser posts local uploads (under /api/files/, which takes non-JSON bodies). */
const LOCAL_POST_URL = '/api/files/upload';
/** Where stored files are served from. */
const LOCAL_FILES_PREFIX = '/files/';
/** The query parameters of a signed address of a private file. */
export const SIGNED_GET = { expires: 'expires', signature: 'signature' } as const;

const FIELD = {
  expires: 'x-expires',
  maxBytes: 'x-max-bytes',
  types: 'x-content-types',
  signature: 'x-signature',
} as const;

class TooLarge extends Error {}

/** How a post takes its form once and reports the stored size (the app keeps these in the database). */
interface FormLedger {
  /** False when the form was used already or never handed out. */
  claim(key: string): Promise<boolean>;
  stored(key: string, bytes: number): Promise<void>;
}

/** Uploads not saved within a day are removed. */
const TMP_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Files in a folder (DATA_DIR/files), uploaded through signed, expiring form posts to our own server. */
export class LocalFileStore implements FileStore {
  readonly driver = 'local' as const;
  readonly origins: string[] = [];
  private readonly secret: string;
  private sweeper?: NodeJS.Timeout;

  constructor(
    readonly root: string,
    secret?: string,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.secret = secret ?? storedSecret(root, '.signing-secret');
  }

  /** The HMAC of an upload form's fields, or ('GET', key, expires) of a signed address. */
  private sign(...parts: string[]): string {
    return createHmac('sha256', this.secret).update(parts.join('\n')).digest('hex');
  }

  private signatureMatches(signature: string, ...parts: string[]): boolean {
    const expected = Buffer.from(this.sign(...parts));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The absolute path of a key, refusing anything that would leave the folder. */
  pathOf(key: string): string | undefined {
    if (!isSafeKey(key)) return undefined;
    const full = path.resolve(this.root, ...key.split('/'));
    return full.startsWith(path.resolve(this.root) + path.sep) ? full : undefined;
  }

  async createTemporaryPost(input: TemporaryPostInput): Promise<TemporaryPost> {
    const key = newTmpKey(input.ownerId, input.fileName, input.keepOriginalName);
    const expires = new Date(this.now() + TEMPORARY_POST_TTL_SECONDS * 1000).toISOString();
    const maxBytes = String(input.maxBytes);
    const types = input.contentTypes.join(',');
    return {
      url: LOCAL_POST_URL,
      path: key,
      fields: {
        key,
        'Content-Type': contentTypeOfExtension(extensionOf(input.fileName)) ?? 'application/octet-stream',
        [FIELD.expires]: expires,
        [FIELD.maxBytes]: maxBytes,
        [FIELD.types]: types,
        [FIELD.signature]: this.sign(key, expires, maxBytes, types),
      },
    };
  }

  /** POST /api/files/upload: checks the signed fields, takes the form once, checks the size and the real type, then stores. */
  async acceptPost(request: FastifyRequest, ledger: FormLedger): Promise<string> {
    if (!request.isMultipart()) {
      throw badRequest('app.server.multipartRequired');
    }
    let part: MultipartFile | undefined;
    try {
      part = await request.file({ limits: { files: 1, fields: 20, fieldSize: 4096 } });
    } catch {
      throw badRequest('app.server.formUnreadable');
    }
    if (!part) throw badRequest('app.server.formHasNoFile');
    const value = (name: string) => {
      const field = part.fields[name];
      const one = Array.isArray(field) ? field[0] : field;
      return one && one.type === 'field' ? String((one as MultipartValue).value) : '';
    };
    const key = value('key');
    const expires = value(FIELD.expires);
    const maxBytes = value(FIELD.maxBytes);
    const types = value(FIELD.types);
    const signature = value(FIELD.signature);
    try {
      this.checkSignature(key, expires, maxBytes, types, signature);
      if (!(Date.parse(expires) > this.now())) throw forbidden('app.server.uploadFormExpired');
      if (!(await ledger.claim(key))) throw forbidden('app.server.uploadFormUsed');
      const size = await this.store(part, key, Number(maxBytes), types.split(',') as KnownContentType[]);
      await ledger.stored(key, size);
      return key;
    } finally {
      // Whatever went wrong, read the rest of the request so the answer reaches the browser.
      part.file.resume();
    }
  }

  private checkSignature(key: string, expires: string, maxBytes: string, types: string, signature: string): void {
    if (!this.signatureMatches(signature, key, expires, maxBytes, types) || !isTmpKey(key) || !this.pathOf(key) || !(Number(maxBytes) > 0)) {
      throw forbidden('app.server.uploadSignatureInvalid');
    }
  }

  /** Answers the size stored. */
  private async store(part: MultipartFile, key: string, maxBytes: number, types: KnownContentType[]): Promise<number> {
    const target = this.pathOf(key)!;
    const incoming = path.join(this.root, '.incoming', randomBytes(12).toString('hex'));
    fs.mkdirSync(path.dirname(incoming), { recursive: true });
    let size = 0;
    let head = Buffer.alloc(0);
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new TooLarge());
        if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        done(null, chunk);
      },
    });
    try {
      await pipeline(part.file, meter, fs.createWriteStream(incoming));
      if (part.file.truncated) throw new TooLarge();
      if (size === 0) throw badRequest('app.server.fileEmpty');
      const type = sniffContentType(head);
      if (!type || !types.includes(type)) {
        throw badRequest('app.server.fileTypeNotAllowed', { types: types.join(', ') });
      }
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.renameSync(incoming, target);
      return size;
    } catch (error) {
      fs.rmSync(incoming, { force: true });
      if (error instanceof TooLarge) throw badRequest('app.server.fileTooLarge', { megabytes: megabytes(maxBytes) });
      if (error instanceof HttpError) throw error;
      throw badRequest('app.server.uploadInterrupted');
    }
  }

  async probe(key: string, length: number): Promise<{ head: Buffer; size: number } | undefined> {
    const file = this.pathOf(key);
    if (!file) return undefined;
    let handle: fs.promises.FileHandle | undefined;
    try {
      handle = await fs.promises.open(file, 'r');
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return { head: buffer.subarray(0, bytesRead), size: (await handle.stat()).size };
    } catch {
      return undefined;
    } finally {
      await handle?.close();
    }
  }

  async moveIntoPlace(tmpKey: string, destPrefix: string, contentType: KnownContentType): Promise<string> {
    const from = this.pathOf(tmpKey);
    const name = tmpKey.split('/').pop()!;
    const key = finalKey(destPrefix, name, extensionOfContentType(contentType));
    const to = this.pathOf(key);
    if (!from || !to) throw badRequest('app.server.fileKeyInvalid');
    await fs.promises.mkdir(path.dirname(to), { recursive: true });
    await fs.promises.rename(from, to);
    return key;
  }

  async moveFromFile(localPath: string, key: string): Promise<void> {
    const to = this.pathOf(key);
    if (!to) throw badRequest('app.server.fileKeyInvalid');
    await fs.promises.mkdir(path.dirname(to), { recursive: true });
    try {
      await fs.promises.rename(localPath, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // Another file system (DATA_DIR/files on its own mount): copy, then remove the source. A copy
      // killed half-way leaves a file named by the key's hash, which the retry of the same move overwrites.
      await this.copyIn(localPath, to, `move-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`);
      await fs.promises.rm(localPath, { force: true });
    }
  }

  /**
   * Copies a local file into .incoming/<name> then renames it to target, so a reader never sees
   * half a file and a process killed mid-copy leaves nothing beside the upload's files.
   */
  private async copyIn(localPath: string, target: string, name: string): Promise<void> {
    const incoming = path.join(this.root, '.incoming', name);
    await fs.promises.mkdir(path.dirname(incoming), { recursive: true });
    try {
      await fs.promises.copyFile(localPath, incoming);
      await fs.promises.rename(incoming, target);
    } finally {
      await fs.promises.rm(incoming, { force: true });
    }
  }

  publicUrl(key: string): string {
    return `${LOCAL_FILES_PREFIX}${key}`;
  }

  async signedUrl(key: string, window: SigningWindow): Promise<string> {
    const expires = String(window.expiresAt);
    return `${this.publicUrl(key)}?${SIGNED_GET.expires}=${expires}&${SIGNED_GET.signature}=${this.sign('GET', key, expires)}`;
  }

  /** Whether a signed address of key holds: its signature matches and it has not expired. */
  checkSignedGet(key: string, expires: string | undefined, signature: string | undefined): 'valid' | 'invalid' | 'expired' {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return 'invalid';
    if (!this.signatureMatches(signature, 'GET', key, expires)) return 'invalid';
    return Number(expires) * 1000 > this.now() ? 'valid' : 'expired';
  }

  keyOfUrl(url: string): string | undefined {
    const key = url.startsWith(LOCAL_FILES_PREFIX) ? url.slice(LOCAL_FILES_PREFIX.length) : url;
    return this.pathOf(key) ? key : undefined;
  }

  async putFromFile(localPath: string, key: string, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    if (!target) throw new Error(`Unsafe file key ${key}`);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await this.copyIn(localPath, target, randomBytes(9).toString('hex'));
  }

  async getToFile(key: string, localPath: string): Promise<void> {
    const source = this.pathOf(key);
    if (!source) throw new Error(`Unsafe file key ${key}`);
    await fs.promises.copyFile(source, localPath);
  }

  async read(key: string): Promise<NodeJS.ReadableStream | undefined> {
    const file = this.pathOf(key);
    if (!file) return undefined;
    try {
      const handle = await fs.promises.open(file, 'r');
      return handle.createReadStream();
    } catch {
      return undefined;
    }
  }

  async remove(key: string): Promise<void> {
    const file = this.pathOf(key);
    if (!file) return;
    await fs.promises.rm(file, { force: true });
    // Each saved file has a folder of its own (<prefix>/<random>/<name>): remove it once empty.
    await fs.promises.rmdir(path.dirname(file)).catch(() => undefined);
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    // The folder the prefix is in (or is); only its safe segments, never a dot folder (.incoming).
    const folder = prefix.split('/').slice(0, -1);
    if (folder.some((part) => !/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(part))) return;
    const walk = async function* (dir: string, keyPrefix: string): AsyncGenerator<StoredObject> {
      const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue;
        const key = `${keyPrefix}${entry.name}`;
        if (entry.isDirectory()) {
          if (key.startsWith(prefix)) yield* walk(path.join(dir, entry.name), `${key}/`);
        } else if (key.startsWith(prefix)) {
          const stat = await fs.promises.stat(path.join(dir, entry.name)).catch(() => undefined);
          if (stat) yield { key, modifiedAt: stat.mtime };
        }
      }
    };
    yield* walk(path.join(this.root, ...folder), folder.length ? `${folder.join('/')}/` : '');
  }

  /** Removes uploads never saved (tmp/ and interrupted posts) older than maxAgeMs. */
  async sweep(maxAgeMs = TMP_MAX_AGE_MS): Promise<number> {
    const cutoff = this.now() - maxAgeMs;
    let removed = 0;
    const visit = async (dir: string): Promise<boolean> => {
      const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
      let empty = true;
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (await visit(full)) await fs.promises.rmdir(full).catch(() => undefined);
          else empty = false;
        } else if (((await fs.promises.stat(full).catch(() => undefined))?.mtimeMs ?? Infinity) < cutoff) {
          await fs.promises.rm(full, { force: true });
          removed += 1;
        } else {
          empty = false;
        }
      }
      return empty;
    };
    await visit(path.join(this.root, 'tmp'));
    await visit(path.join(this.root, '.incoming'));
    return removed;
  }

  /** Sweeps now and then every hour, without keeping the process alive. */
  startSweeping(): void {
    const run = () => void this.sweep().catch(() => undefined);
    run();
    this.sweeper = setInterval(run, 60 * 60 * 1000);
    this.sweeper.unref();
  }

  close(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }
}
