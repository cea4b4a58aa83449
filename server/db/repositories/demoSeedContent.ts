import type { Db } from '..';
import type { Account } from '../types';

/** The demo seed's reads and writes around its fan content that the product has no call for. */

/** The accounts of these slugs (the demo and the benches find their accounts by slug). */
export function accountsBySlugs(db: Db, slugs: string[]): Promise<Account[]> {
  return db.selectFrom('accounts').selectAll().where('slug', 'in', slugs).execute();
}

/** Whether these accounts have had fans: an upload or a visit (kept even after staff delete every upload). */
export async function hasFanContent(db: Db, accountIds: string[]): Promise<boolean> {
  const uploaded = await db.selectFrom('uploads').select('id').where('accountId', 'in', accountIds).limit(1).executeTakeFirst();
  if (uploaded) return true;
  const visited = await db.selectFrom('visits').select('id').where('accountId', 'in', accountIds).limit(1).executeTakeFirst();
  return !!visited;
}
