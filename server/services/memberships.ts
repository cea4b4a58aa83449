import type { Db } from '../db';
import type { User } from '../db/types';
import { forbidden, notFound } from '../errors';
import { findMemberRole } from '../db/repositories/accountMembers';
import { findAccountStatus } from '../db/repositories/accounts';

/** The account a user may make their session's current one: any for a platform admin, else an enabled account they are a member of. */
export async function selectableAccount(db: Db, user: Pick<User, 'id' | 'type'>, accountId: string): Promise<{ id: string }> {
  const account = await findAccountStatus(db, accountId);
  const isPlatformAdmin = user.type === 'admin';
  // As the route guard does: only a platform admin learns that an id names no account.
  if (!account) throw isPlatformAdmin ? notFound('account') : forbidden('app.server.notAMember');
  if (!isPlatformAdmin) {
    const member = await findMemberRole(db, account.id, user.id);
    if (!member) throw forbidden('app.server.notAMember');
    if (account.status !== 'enabled') throw forbidden('app.server.accountNotActive');
  }
  return account;
}
