import fs from 'node:fs';
import path from 'node:path';
import { FileStore as TusFileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';
import type { Config, S3Config } from '../config';
import type { FileStore } from '../files';
import { optionalPackage } from '../optionalPackages';

/**
 * Where fans' tus uploads live until they are submitted: DATA_DIR/tus (@tus/file-store) by
 * default, the S3 bucket (@tus/s3-store, objects `<id>` and `<id>.info`) when S3_BUCKET is set.
 * Besides the tus datastore it reads bytes of a finished upload (to sniff and check it) and
 * moves it into the file store as an upload's original.
 */
export interface TusStore {
  readonly datastore: DataStore;
  /** The file of an upload's bytes, for uploads kept on local disk (tus PATCHes stream straight into it). */
  localPath?(id: string): string;
  /** Up to `length` bytes at `position` of a finished upload (fewer at its end). */
  read(id: string, position: number, length: number): Promise<Buffer>;
  /** Moves a finished upload's bytes to `key` of the file store. */
  moveInto(files: FileStore, id: string, key: string, contentType: string): Promise<void>;
  /** Removes an upload's bytes and tus metadata; nothing when already gone. */
  remove(id: string): Promise<void>;
}

/**
 * @tus/file-store creates its folder asynchronously and throws from the callback when it
 * cannot (an uncaught exception, e.g. when the data folder goes while the app closes); the
 * folder is made here first, synchronously, so that step is skipped.
 */
const FileStoreInMadeFolder = class extends (TusFileStore as unknown as new (options: { directory: string }) => object) {
  checkOrCreateDirectory(): void {}
};

function localTusStore(directory: string): TusStore {
  fs.mkdirSync(directory, { recursive: true });
  const datastore = new FileStoreInMadeFolder({ directory }) as unknown as TusFileStore;
  const fileOf = (id: string) => {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new Error('bad upload id');
    return path.join(directory, id);
  };
  return {
    datastore,
    localPath: fileOf,
    async read(id, position, length) {
      const handle = await fs.promises.open(fileOf(id), 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, position);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async moveInto(files, id, key, contentType) {
      await files.moveFromFile(fileOf(id), key, contentType);
      await fs.promises.rm(`${fileOf(id)}.json`, { force: true });
    },
    async remove(id) {
      await fs.promises.rm(fileOf(id), { force: true });
      await fs.promises.rm(`${fileOf(id)}.json`, { force: true });
    },
  };
}

function s3TusStore(config: S3Config, partSize: number): TusStore {
  const clientConfig = {
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: !!config.endpoint,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
  };
  const { CopyObjectCommand, DeleteObjectsCommand, GetObjectCommand, S3Client } = optionalPackage('@aws-sdk/client-s3');
  const client = new S3Client(clientConfig);
  const datastore = new (optionalPackage('@tus/s3-store').S3Store)({
    partSize,
    s3ClientConfig: {
      bucket: config.bucket,
      ...clientConfig,
      // As in server/files/s3.ts: S3-compatible stores often store aws-chunked bodies (the SDK's
      // default for streamed parts) with their chunk framing, which corrupts parts and offsets.
      ...(config.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const } : {}),
    },
  });
  return {
    datastore,
    async read(id, position, length) {
      const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: id, Range: `bytes=${position}-${position + length - 1}` }));
      return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
    },
    async moveInto(files, id, key, contentType) {
      if (files.driver !== 's3') throw new Error('S3 tus uploads need the S3 file store');
      // Server-side copy (single CopyObject takes up to 5 GB, above the 2 GB default limit).
      await client.send(
        new CopyObjectCommand({
          Bucket: config.bucket,
          Key: key,
          CopySource: `${config.bucket}/${encodeURIComponent(id)}`,
          MetadataDirective: 'REPLACE',
          ContentType: contentType,
        }),
      );
      await this.remove(id);
    },
    async remove(id) {
      await client.send(
        new DeleteObjectsCommand({ Bucket: config.bucket, Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }], Quiet: true } }),
      );
      // @tus/s3-store keeps each upload's metadata in memory: without this, the upload would still be found.
      await (datastore as unknown as { clearCache(id: string): Promise<void> }).clearCache(id);
    },
  };
}

export function createTusStore(config: Pick<Config, 's3' | 'dataDir' | 'capture'>): TusStore {
  return config.s3 ? s3TusStore(config.s3, Math.max(5 * 1024 * 1024, config.capture.chunkSize)) : localTusStore(path.join(config.dataDir, 'tus'));
}
