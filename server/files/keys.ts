import { randomBytes } from 'node:crypto';
import { extensionOf } from '#shared/domain/files';

/**
 * Object keys. Temporary uploads live under `tmp/<uploader id>/<random>/<name>` so a save can
 * tell whose upload a key is; saved files under `<destPrefix>/<random>/<name>`, never
 * overwritten, so they can be cached forever.
 */
const SEGMENT = '[A-Za-z0-9_-]+';
const NAME = '[A-Za-z0-9][A-Za-z0-9._-]*';
const TMP_KEY = new RegExp(`^tmp/(${SEGMENT})/${SEGMENT}/(${NAME})$`);
/** A tmp key at the end of whatever the browser stored (the spec stores url plus path). */
const TMP_KEY_AT_END = new RegExp(`(?:^|/)(tmp/${SEGMENT}/${SEGMENT}/${NAME})$`);
const PART = '[A-Za-z0-9_-][A-Za-z0-9._-]*';
const SAFE_KEY = new RegExp(`^${PART}(/${PART})+$`);

const randomSegment = () => randomBytes(12).toString('hex');

/** A file name safe in a key and a URL: letters, digits, dot, dash, underscore; at most 80. */
function safeFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const ext = extensionOf(base);
  const stem = base
    .slice(0, ext ? -(ext.length + 1) : undefined)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '')
    .slice(0, 70);
  return `${stem || 'file'}${ext ? `.${ext}` : ''}`;
}

export function newTmpKey(ownerId: string, fileName: string, keepOriginalName: boolean): string {
  const ext = extensionOf(fileName);
  const name = keepOriginalName ? safeFileName(fileName) : `${randomSegment()}${ext ? `.${ext}` : ''}`;
  return `tmp/${ownerId}/${randomSegment()}/${name}`;
}

/** The tmp key in a `...Tmp` value (the bare key, or url plus path), or undefined. */
export function tmpKeyOf(value: string): { key: string; ownerId: string; name: string } | undefined {
  const withoutQuery = value.trim().split(/[?#]/)[0];
  let decoded: string;
  try {
    decoded = decodeURIComponent(withoutQuery);
  } catch {
    return undefined;
  }
  const key = TMP_KEY_AT_END.exec(decoded)?.[1];
  const match = key ? TMP_KEY.exec(key) : null;
  return match ? { key: match[0], ownerId: match[1], name: match[2] } : undefined;
}

/** Where a saved file goes: its name keeps the stem and takes the extension of its real type. */
export function finalKey(destPrefix: string, name: string, ext: string): string {
  const stem = name.replace(/\.[A-Za-z0-9]+$/, '') || 'file';
  return `${destPrefix.replace(/^\/+|\/+$/g, '')}/${randomSegment()}/${stem}.${ext}`;
}

/** True for keys made only of safe segments (no `..`, no empty or absolute parts). */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((part) => part === '.' || part === '..');
}

export function isTmpKey(key: string): boolean {
  return key.startsWith('tmp/');
}
