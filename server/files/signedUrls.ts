import type { FileStore } from './types';

/**
 * Who a signed address is for. Fans' files (everything under `uploads/`) are private: they are
 * reached only through addresses signed for a while. Staff get addresses valid for hours; the
 * wall, the share page and the embed get addresses valid for a day or more, which stay the same
 * for everyone within a window, so browsers and CDNs can cache them. Once an upload leaves the
 * wall (hidden, flagged, deleted), the addresses already handed out stop working at their expiry.
 */
type FileAudience = 'staff' | 'public';

interface AudienceWindow {
  /** Addresses are signed at the start of a window of this length, so they are equal within it. */
  windowSeconds: number;
  /** How long an address works after its window ends. */
  validSeconds: number;
}

export const FILE_AUDIENCES: Record<FileAudience, AudienceWindow> = {
  staff: { windowSeconds: 3600, validSeconds: 6 * 3600 },
  public: { windowSeconds: 12 * 3600, validSeconds: 24 * 3600 },
};

export interface SigningWindow {
  /** Unix seconds the signature is dated. */
  signedAt: number;
  /** Unix seconds after which the address is refused. */
  expiresAt: number;
  /** What caches may do with the file read through it: kept no longer than the address surely works. */
  cacheControl: string;
}

function signingWindow(audience: FileAudience, nowMs = Date.now()): SigningWindow {
  const { windowSeconds, validSeconds } = FILE_AUDIENCES[audience];
  const signedAt = Math.floor(nowMs / 1000 / windowSeconds) * windowSeconds;
  const scope = audience === 'public' ? 'public' : 'private';
  return { signedAt, expiresAt: signedAt + windowSeconds + validSeconds, cacheControl: `${scope}, max-age=${validSeconds}` };
}

/** Fans' uploads and everything made from them, reels among them. Account branding and avatars stay public. */
export const isPrivateKey = (key: string) => key.startsWith('uploads/') || key.startsWith('reels/');

/** The address of a stored file for an audience: signed for a private key, the plain public one otherwise. */
function fileUrl(files: FileStore, key: string, audience: FileAudience, nowMs = Date.now()): Promise<string> {
  return isPrivateKey(key) ? files.signedUrl(key, signingWindow(audience, nowMs)) : Promise.resolve(files.publicUrl(key));
}

/**
 * Signs every key at once and answers a lookup, so code that builds answers row by row stays
 * synchronous. A key not given answers its public address (and is never private by then).
 */
export async function fileUrls(files: FileStore, keys: Iterable<string | null | undefined>, audience: FileAudience): Promise<(key: string) => string> {
  const now = Date.now();
  const wanted = [...new Set([...keys].filter((key): key is string => !!key))];
  const urls = new Map(await Promise.all(wanted.map(async (key) => [key, await fileUrl(files, key, audience, now)] as const)));
  return (key) => {
    const url = urls.get(key);
    if (url !== undefined) return url;
    if (isPrivateKey(key)) throw new Error(`A private file key was not signed: ${key}`);
    return files.publicUrl(key);
  };
}
