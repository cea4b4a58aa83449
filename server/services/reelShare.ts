import { parseReelClip } from '#shared/domain/reels';
import type { Deps } from '../deps';
import { parseJson } from '../db/rows';
import { publicThumbnail, sharedReelByToken } from '../db/repositories/reels';
import { fileUrls } from '../files/signedUrls';
import { notFound } from '../errors';
import type { ReelShareView } from '../http/reelShareHtml';

/**
 * A shared reel's public page: a reel with outputs whose token is current, of an enabled account,
 * else 404 (never shared, unshared, token rotated, outputs dropped with a clip, deleted). Its
 * poster is its first clip's thumbnail while that clip is public.
 */
export async function findSharedReel(deps: Pick<Deps, 'db' | 'config' | 'files'>, shareToken: string): Promise<ReelShareView> {
  const reel = await sharedReelByToken(deps.db, shareToken);
  if (!reel?.landscapeKey || !reel.verticalKey) throw notFound('reel');
  const first = parseReelClip(parseJson<string[]>(reel.clips, [])[0] ?? '')?.uploadId;
  const thumbnail = first ? await publicThumbnail(deps.db, reel.accountId, first) : undefined;
  const posterKey = thumbnail?.customThumbnail ?? thumbnail?.thumbnail ?? null;
  const url = await fileUrls(deps.files, [reel.landscapeKey, reel.verticalKey, posterKey], 'public');
  return {
    name: reel.name,
    accountName: reel.accountName,
    favicon: reel.favicon,
    address: `${deps.config.baseUrl}/r/${shareToken}`,
    landscape: url(reel.landscapeKey),
    vertical: url(reel.verticalKey),
    poster: posterKey ? url(posterKey) : null,
  };
}
