import type { Db } from '../db';
import type { User } from '../db/types';
import type { AccountChoice } from '#shared/domain/types';

const MAX_CHOICES = 200;

/** Accounts a user can select: their enabled memberships, or every account for platform admins. */
export async function listUserAccounts(db: Db, user: User, q?: string): Promise<{ data: AccountChoice[]; total: number }> {
  const isPlatformAdmin = user.type === 'admin';
  let query = db
    .selectFrom('accounts')
    .leftJoin('accountUsers', (join) =>
      join.onRef('accountUsers.accountId', '=', 'accounts.id').on('accountUsers.userId', '=', user.id),
    )
    .select(['accounts.id', 'accounts.name', 'accounts.slug', 'accounts.status', 'accountUsers.role']);
  if (!isPlatformAdmin) {
    query = query.where('accountUsers.userId', '=', user.id).where('accounts.status', '=', 'enabled');
  }
  if (q) {
    const pattern = `%${q.toLowerCase().replace(/[%_\\]/g, '')}%`;
    query = query.where((eb) => eb(eb.fn('lower', ['accounts.name']), 'like', pattern));
  }
  const rows = await query.orderBy('accounts.name').limit(MAX_CHOICES).execute();
  return {
    data: rows.map((row) => ({ ...row, role: row.role ?? null })),
    total: rows.length,
  };
}
