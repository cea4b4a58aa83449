import type { Insertable } from 'kysely';
import type { Db } from '..';
import type { TokensTable } from '../types';
import { nowIso } from '../rows';

/** The mail-link tokens of users (only their hashes are stored). */

export async function insertUserToken(db: Db, token: Insertable<TokensTable>): Promise<void> {
  await db.insertInto('tokens').values(token).execute();
}

/** The unused, unexpired token of a hash, of one of `kinds`. */
export function findLiveUserToken(db: Db, tokenHash: string, kinds: string[]) {
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .where('kind', 'in', kinds)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', nowIso())
    .executeTakeFirst();
}

/** Marks the token used unless it already is; answers whether this call did it. */
export async function markUserTokenUsed(db: Db, tokenHash: string): Promise<boolean> {
  const result = await db.updateTable('tokens').set({ usedAt: nowIso() }).where('tokenHash', '=', tokenHash).where('usedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks every unused token of the user of one of `kinds` used. */
export async function retireUserTokens(db: Db, userId: string, kinds: string[]): Promise<void> {
  await db.updateTable('tokens').set({ usedAt: nowIso() }).where('userId', '=', userId).where('kind', 'in', kinds).where('usedAt', 'is', null).execute();
}
