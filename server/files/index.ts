import path from 'node:path';
import type { Config } from '../config';
import { LocalFileStore } from './local';
import { S3FileStore } from './s3';
import type { FileStore } from './types';

export type { FileStore, TemporaryPost } from './types';
export { imageColumnChanges, promoteTmpFiles } from './promote';

/** S3 when S3_BUCKET is set, otherwise the local folder DATA_DIR/files. */
export function createFileStore(config: Config): FileStore {
  if (config.s3) return new S3FileStore(config.s3);
  const store = new LocalFileStore(path.join(config.dataDir, 'files'), config.filesSecret);
  store.startSweeping();
  return store;
}
