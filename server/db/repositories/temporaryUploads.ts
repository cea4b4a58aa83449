import type { Db } from '../index';
import { nowIso } from '../rows';

/** Saving moves a temporary upload into place once: false when it was saved already (or never handed out). */
export async function claimPromotion(db: Db, key: string, userId: string, bytes: number): Promise<boolean> {
  const result = await db
    .updateTable('temporaryUploads')
    .set({ promotedAt: nowIso(), bytes })
    .where('key', '=', key)
    .where('userId', '=', userId)
    .where('promotedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
