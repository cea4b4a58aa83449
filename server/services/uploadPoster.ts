import type { Deps } from '../deps';
import type { User } from '../db/types';
import { nowIso, parseJson } from '../db/rows';
import { appendUploadEvents } from '../db/repositories/uploadEvents';
import { updateUploads, uploadsByIds } from '../db/repositories/uploads';
import { fieldError, orNotFound } from '../errors';

/**
 * Staff pick a clip's poster among the candidates its processing kept (best first): the thumbnail
 * names that candidate's file from then on, wherever the thumbnail shows. A custom thumbnail, when
 * the upload has one, still shows instead (spec console.md: customThumbnail).
 */
export async function choosePoster(deps: Pick<Deps, 'db'>, id: string, index: number, caller: Pick<User, 'id'>): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const [upload] = await uploadsByIds(trx, [id]);
    const candidates = parseJson<string[]>(orNotFound(upload, 'upload').posterCandidates, []);
    const chosen = candidates[index];
    if (!chosen) throw fieldError('index', 'app.server.noSuchPoster');
    const now = nowIso();
    await updateUploads(trx, [upload.id], { thumbnail: chosen }, now);
    await appendUploadEvents(trx, [{ uploadId: upload.id, userId: caller.id, action: 'poster', detail: { index } }], now);
  });
}
