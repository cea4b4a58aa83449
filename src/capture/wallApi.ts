import type { LikeResult, ViewResult, WallPage } from '#shared/domain/schemas/wall';

/** The public wall's calls (shared/domain/schemas/wall.ts). Failures are quiet: the wall is extra to the page. */

export type Slugs = { accountSlug: string; pageSlug: string };

/** A page's public routes start here: /api/public/pages/{accountSlug}/{pageSlug}. */
export const publicPagePath = (slugs: Slugs) => `/api/public/pages/${encodeURIComponent(slugs.accountSlug)}/${encodeURIComponent(slugs.pageSlug)}`;

export async function fetchWall(slugs: Slugs, cursor: string | null): Promise<WallPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const response = await fetch(`${publicPagePath(slugs)}/wall${query}`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`wall ${response.status}`);
  return (await response.json()) as WallPage;
}

async function post<T>(method: 'POST' | 'DELETE', url: string): Promise<T | undefined> {
  try {
    const response = await fetch(url, { method, headers: { accept: 'application/json' } });
    return response.ok ? ((await response.json()) as T) : undefined;
  } catch {
    return undefined;
  }
}

export const sendLike = (uploadId: string, like: boolean) =>
  post<LikeResult>(like ? 'POST' : 'DELETE', `/api/public/wall/${encodeURIComponent(uploadId)}/like`);

const sendView = (uploadId: string) => post<ViewResult>('POST', `/api/public/wall/${encodeURIComponent(uploadId)}/views`);

/** What this browser liked (the server knows too, by visitor key; this keeps the heart filled across reloads). */
const LIKED_KEY = 'wall-liked';

export function likedIds(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(LIKED_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

export function rememberLiked(id: string, liked: boolean): void {
  const ids = likedIds();
  if (liked) ids.add(id);
  else ids.delete(id);
  try {
    localStorage.setItem(LIKED_KEY, JSON.stringify([...ids].slice(-500)));
  } catch {
    // Private mode: the like still counts on the server.
  }
}

/** Counts a view the first time playback starts on this element (the server counts once per visitor and day). */
export function countViewOnPlay(video: HTMLVideoElement, uploadId: string, onCount?: (viewCount: number) => void): () => void {
  let sent = false;
  const onPlay = () => {
    if (sent) return;
    sent = true;
    void sendView(uploadId).then((result) => result && onCount?.(result.viewCount));
  };
  video.addEventListener('play', onPlay);
  return () => video.removeEventListener('play', onPlay);
}
