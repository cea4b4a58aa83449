import type { Kysely } from 'kysely';
import type { Db } from '..';
import { cachedLookup } from '../lookupCache';

/** The account's status and the caller's role there, in one round trip, kept in the lookup cache. */
export const accountAndRole = (db: Db, accountId: string, userId: string) =>
  cachedLookup(db, `role:${accountId}:${userId}`, async () => {
    const row = await db
      .selectFrom('accounts')
      .select((eb) => [
        'accounts.id',
        'accounts.status',
        eb
          .selectFrom('accountUsers')
          .select('role')
          .whereRef('accountUsers.accountId', '=', 'accounts.id')
          .where('accountUsers.userId', '=', userId)
          .as('role'),
      ])
      .where('accounts.id', '=', accountId)
      .executeTakeFirst();
    return row && Object.freeze(row);
  });

/**
 * The account that owns a row of any account-scoped table (a page, an upload, a declared
 * resource's row): a route that reaches a record by its own id is checked in that account.
 */
export async function accountOfRecord(db: Db, table: string, id: string): Promise<string | undefined> {
  // Any table with an account_id column: the product's and declared ones alike.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table is named at run time
  const row = await (db as unknown as Kysely<any>).selectFrom(table).select('accountId').where('id', '=', id).executeTakeFirst();
  return row?.accountId as string | undefined;
}
