import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { contentTypeOfExtension, extensionOf, extensionOfContentType, TEMPORARY_POST_TTL_SECONDS, type KnownContentType } from '#shared/domain/files';
import type { S3Config } from '../config';
import { finalKey, isSafeKey, newTmpKey } from './keys';
import type { FileStore, StoredObject, TemporaryPost, TemporaryPostInput } from './types';
import type { SigningWindow } from './signedUrls';
import { optionalPackage } from '../optionalPackages';

/** Saved files never change (each save makes a new key), so browsers and CDNs keep them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Files in an S3 bucket (or an S3-compatible store at S3_ENDPOINT). The browser posts to the
 * bucket with a presigned POST; saving copies the tmp object to its place with its real type
 * and deletes the tmp object. Keys outside uploads/ must be publicly readable (bucket policy or
 * CDN); uploads/ must not be: fans' files are read through presigned GETs (signedUrls.ts).
 */
export class S3FileStore implements FileStore {
  readonly driver = 's3' as const;
  readonly origins: string[];
  private readonly sdk = optionalPackage('@aws-sdk/client-s3');
  private readonly client: S3Client;
  private readonly publicBase: string;

  constructor(private readonly config: S3Config) {
    this.client = new this.sdk.S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: !!config.endpoint,
      // S3-compatible stores often take no aws-chunked uploads (the SDK's default for streamed bodies): checksum only when S3 requires one.
      ...(config.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const } : {}),
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    });
    const base =
      config.publicUrl ??
      (config.endpoint ? `${config.endpoint.replace(/\/$/, '')}/${config.bucket}` : `https://${config.bucket}.s3.${config.region}.amazonaws.com`);
    this.publicBase = base.replace(/\/$/, '');
    const postOrigin = config.endpoint ? new URL(config.endpoint).origin : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
    this.origins = [...new Set([new URL(this.publicBase).origin, postOrigin])];
  }

  async createTemporaryPost(input: TemporaryPostInput): Promise<TemporaryPost> {
    const key = newTmpKey(input.ownerId, input.fileName, input.keepOriginalName);
    const { url, fields } = await optionalPackage('@aws-sdk/s3-presigned-post').createPresignedPost(this.client, {
      Bucket: this.config.bucket,
      Key: key,
      Conditions: [
        ['content-length-range', 1, input.maxBytes],
        ['starts-with', '$Content-Type', ''],
      ],
      Fields: { 'Content-Type': contentTypeOfExtension(extensionOf(input.fileName)) ?? 'application/octet-stream' },
      Expires: TEMPORARY_POST_TTL_SECONDS,
    });
    return { url, path: key, fields };
  }

  async probe(key: string, length: number): Promise<{ head: Buffer; size: number } | undefined> {
    if (!isSafeKey(key)) return undefined;
    try {
      const answer = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key, Range: `bytes=0-${length - 1}` }));
      const bytes = await answer.Body?.transformToByteArray();
      if (!bytes) return undefined;
      // 'bytes 0-63/12345': the size is after the slash (no range answer: the whole object came).
      const size = Number(answer.ContentRange?.split('/')[1] ?? answer.ContentLength ?? bytes.length);
      return { head: Buffer.from(bytes).subarray(0, length), size };
    } catch (error) {
      if (error instanceof this.sdk.S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)) return undefined;
      throw error;
    }
  }

  async moveIntoPlace(tmpKey: string, destPrefix: string, contentType: KnownContentType): Promise<string> {
    const key = finalKey(destPrefix, tmpKey.split('/').pop()!, extensionOfContentType(contentType));
    await this.client.send(
      new this.sdk.CopyObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        CopySource: `${this.config.bucket}/${tmpKey.split('/').map(encodeURIComponent).join('/')}`,
        MetadataDirective: 'REPLACE',
        ContentType: contentType,
        CacheControl: IMMUTABLE,
      }),
    );
    await this.remove(tmpKey);
    return key;
  }

  async moveFromFile(localPath: string, key: string, contentType: string): Promise<void> {
    await this.putFromFile(localPath, key, contentType);
    await fs.promises.rm(localPath, { force: true });
  }

  publicUrl(key: string): string {
    return `${this.publicBase}/${key}`;
  }

  /** A presigned GET, dated at the window's start so every address of a window is the same (and cacheable). */
  signedUrl(key: string, window: SigningWindow): Promise<string> {
    return optionalPackage('@aws-sdk/s3-request-presigner').getSignedUrl(
      this.client,
      new this.sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key, ResponseCacheControl: window.cacheControl }),
      {
        signingDate: new Date(window.signedAt * 1000),
        expiresIn: window.expiresAt - window.signedAt,
      },
    );
  }

  keyOfUrl(url: string): string | undefined {
    const prefix = `${this.publicBase}/`;
    const key = url.startsWith(prefix) ? url.slice(prefix.length) : url;
    return isSafeKey(key) ? key : undefined;
  }

  async putFromFile(localPath: string, key: string, contentType: string): Promise<void> {
    if (!isSafeKey(key)) throw new Error(`Unsafe file key ${key}`);
    const { size } = await fs.promises.stat(localPath);
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: fs.createReadStream(localPath),
        ContentLength: size,
        ContentType: contentType,
        CacheControl: IMMUTABLE,
      }),
    );
  }

  async getToFile(key: string, localPath: string): Promise<void> {
    const answer = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
    if (!answer.Body) throw new Error(`No body for ${key}`);
    await pipeline(answer.Body as Readable, fs.createWriteStream(localPath));
  }

  async read(key: string): Promise<NodeJS.ReadableStream | undefined> {
    if (!isSafeKey(key)) return undefined;
    try {
      const answer = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return answer.Body as NodeJS.ReadableStream | undefined;
    } catch (err) {
      if (err instanceof this.sdk.S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey')) return undefined;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  /**
   * ListObjects pages of up to 1,000, each starting after the last key of the one before
   * (Marker): every S3-compatible store takes it, and s3rver, whose V2 continuation tokens need
   * a cipher Node 20 no longer has, pages too.
   */
  async *list(prefix: string): AsyncIterable<StoredObject> {
    let marker: string | undefined;
    for (;;) {
      const page = await this.client.send(new this.sdk.ListObjectsCommand({ Bucket: this.config.bucket, Prefix: prefix, Marker: marker }));
      const objects = (page.Contents ?? []).filter((object): object is typeof object & { Key: string } => Boolean(object.Key));
      for (const object of objects) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
      if (!page.IsTruncated || !objects.length) return;
      marker = objects[objects.length - 1].Key;
    }
  }

  close(): void {
    this.client.destroy();
  }
}
