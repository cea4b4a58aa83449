import type { KnownContentType, TemporaryPost } from '#shared/domain/files';
import type { SigningWindow } from './signedUrls';

export type { TemporaryPost };

export interface TemporaryPostInput {
  /** Who uploads: the key records it, and only they may save it into an entity. */
  ownerId: string;
  fileName: string;
  /** Keep the (sanitised) original name in the key instead of a random one. */
  keepOriginalName: boolean;
  /** Real types the bytes may have. */
  contentTypes: readonly KnownContentType[];
  maxBytes: number;
}

/** A stored object: its key and when it was last written. */
export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/**
 * Object storage behind one interface: a local folder (default) or S3. Keys are relative
 * paths ('accounts/<id>/favicon/<random>/favicon.png'). Fans' files (uploads/...) are private and
 * reached through signed addresses (signedUrls.ts); the others through publicUrl(key).
 */
export interface FileStore {
  readonly driver: 'local' | 's3';
  createTemporaryPost(input: TemporaryPostInput): Promise<TemporaryPost>;
  /** The first `length` bytes and the size of an object, or undefined when it does not exist. */
  probe(key: string, length: number): Promise<{ head: Buffer; size: number } | undefined>;
  /** Moves a tmp object under destPrefix with its real type; answers the final key. */
  moveIntoPlace(tmpKey: string, destPrefix: string, contentType: KnownContentType): Promise<string>;
  /** Stores a local file under key, moving it when it can (a finished tus upload): the local file is gone after. */
  moveFromFile(localPath: string, key: string, contentType: string): Promise<void>;
  publicUrl(key: string): string;
  /** An address that reads a private key until window.expiresAt (local: an HMAC-signed path; S3: a presigned GET). */
  signedUrl(key: string, window: SigningWindow): Promise<string>;
  /** The key of one of our public URLs (or of a key), undefined for anything else. */
  keyOfUrl(url: string): string | undefined;
  remove(key: string): Promise<void>;
  /** Stores a local file under key (replacing what is there), e.g. a worker's encoded output. */
  putFromFile(localPath: string, key: string, contentType: string): Promise<void>;
  /** Copies the object at key into a local file; throws when there is none. */
  getToFile(key: string, localPath: string): Promise<void>;
  /** The object's bytes as a stream, or undefined when it does not exist. */
  read(key: string): Promise<NodeJS.ReadableStream | undefined>;
  /** Every object whose key starts with `prefix` ('uploads/' for a folder), a page at a time. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Origins the browser must be allowed to post to and load files from (CSP), besides our own. */
  readonly origins: string[];
  close(): void;
}
