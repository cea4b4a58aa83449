import yazl from 'yazl';
import type { Deps } from '../deps';
import type { Upload } from '../db/types';
import { uploadsOfAccount } from '../db/repositories/uploads';
import { notFound } from '../errors';
import { extensionOf } from '#shared/domain/files';

/**
 * Many uploads as one zip, streamed: each file is opened only when the zip reaches it (yazl's
 * lazy entries), stored without recompression (videos and photos are compressed already), so
 * memory stays flat however many or large the files. Files missing from storage are left out.
 */
export async function zipOfUploads(deps: Deps, accountId: string, ids: string[]): Promise<NodeJS.ReadableStream> {
  const uploads = await uploadsOfAccount(deps.db, accountId, ids);
  if (uploads.length !== ids.length) throw notFound('upload');
  const zip = new yazl.ZipFile();
  for (const upload of uploads.sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    const key = deps.files.keyOfUrl(upload.original);
    if (!key || !(await deps.files.probe(key, 1))) continue;
    zip.addReadStreamLazy(entryName(upload, key), { compress: false, mtime: new Date(upload.createdAt) }, (cb) => {
      deps.files.read(key).then(
        (stream) => (stream ? cb(null, stream) : cb(new Error(`${key} is gone`), undefined as never)),
        (err: unknown) => cb(err, undefined as never),
      );
    });
  }
  zip.end();
  return zip.outputStream;
}

/** '2026-11-20T10-15-00-<id>.mp4': sorted by date, unique by id. */
function entryName(upload: Upload, key: string): string {
  const ext = extensionOf(key);
  return `${upload.createdAt.slice(0, 19).replace(/:/g, '-')}-${upload.id}${ext ? `.${ext}` : ''}`;
}
