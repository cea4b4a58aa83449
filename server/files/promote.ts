import { FILE_KINDS, megabytes, type KnownContentType } from '#shared/domain/files';
import { badRequest } from '../errors';
import type { MessageKey } from '../messages';
import type { FieldIssue } from '#shared/domain/validation';
import { tmpKeyOf } from './keys';
import { sniffContentType, SNIFF_BYTES } from './sniff';
import type { Db } from '../db';
import { claimPromotion } from '../db/repositories/temporaryUploads';
import type { FileStore } from './types';

/** What promoting needs: the store, and the database where handed-out forms are recorded. */
interface PromoteDeps {
  db: Db;
  files: FileStore;
}

export interface TmpFileItem {
  /** The entity's `...Tmp` field, named in the error when its file is refused. */
  field: string;
  /** What the browser stored in it: the tmp key, or url plus path; blank means no new file. */
  value: string | null | undefined;
  /** Where the saved file goes, e.g. `accounts/<id>/favicon`. */
  destPrefix: string;
}

const NOT_FOUND: MessageKey = 'app.server.uploadedFileMissing';

/**
 * Saving an entity: moves each item's tmp upload (an image) into place and answers field -> public URL.
 * Every item is checked first (uploaded by `uploaderId`, present, of an allowed real type),
 * so a refused file answers 400 before anything moves; the caller then writes its row. Each
 * upload is saved once: a form handed out for it is claimed before the file moves.
 */
export async function promoteTmpFiles({ db, files }: PromoteDeps, uploaderId: string, items: TmpFileItem[]): Promise<Record<string, string>> {
  const checked: { item: TmpFileItem; key: string; type: KnownContentType; size: number }[] = [];
  const issues: (FieldIssue & { message: MessageKey })[] = [];
  const { types, maxBytes } = FILE_KINDS.image;
  const allowed = Object.keys(types) as KnownContentType[];
  for (const item of items) {
    if (!item.value?.trim()) continue;
    const parsed = tmpKeyOf(item.value);
    const found = parsed && parsed.ownerId === uploaderId ? await files.probe(parsed.key, SNIFF_BYTES) : undefined;
    if (!parsed || !found) {
      issues.push({ path: item.field, message: NOT_FOUND, args: {} });
      continue;
    }
    const type = sniffContentType(found.head);
    if (!type || !allowed.includes(type)) {
      issues.push({ path: item.field, message: 'app.server.fileTypeNotAllowedHere', args: { types: allowed.join(', ') } });
      continue;
    }
    // The upload form limits the size too; this also covers S3-compatible stores that do not.
    if (found.size > maxBytes) {
      issues.push({ path: item.field, message: 'app.server.fileTooLarge', args: { megabytes: megabytes(maxBytes) } });
      continue;
    }
    checked.push({ item, key: parsed.key, type, size: found.size });
  }
  if (issues.length) throw badRequest(issues[0].message, issues[0].args, issues);
  for (const { item, key, size } of checked) {
    if (!(await claimPromotion(db, key, uploaderId, size))) {
      throw badRequest(NOT_FOUND, {}, [{ path: item.field, message: NOT_FOUND, args: {} }]);
    }
  }
  const urls: Record<string, string> = {};
  for (const { item, key, type } of checked) {
    urls[item.field] = files.publicUrl(await files.moveIntoPlace(key, item.destPrefix, type));
  }
  return urls;
}

/**
 * The image columns an entity save changes: each name's `${name}Tmp` upload moved into place
 * under `${destPrefix}/${name}` (-> its URL), each name sent as null removed (-> null); untouched
 * names are absent, so the row keeps them.
 */
export async function imageColumnChanges<N extends string>(
  deps: PromoteDeps,
  uploaderId: string,
  names: readonly N[],
  input: Partial<Record<N | `${N}Tmp`, string | null | undefined>>,
  destPrefix: string,
): Promise<Partial<Record<N, string | null>>> {
  const urls = await promoteTmpFiles(
    deps,
    uploaderId,
    names.map((name) => ({ field: `${name}Tmp`, value: input[`${name}Tmp`], destPrefix: `${destPrefix}/${name}` })),
  );
  const changes: Partial<Record<N, string | null>> = {};
  for (const name of names) {
    const url = urls[`${name}Tmp`];
    if (url) changes[name] = url;
    else if (input[name] === null) changes[name] = null;
  }
  return changes;
}
