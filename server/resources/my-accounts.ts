import { defineBehaviour } from './behaviour';
import { accountChoices } from '../db/repositories/accountMembers';

/** A platform admin may open every account, so their choices are accounts, not memberships. */
export const myAccountsBehaviour = defineBehaviour({
  repository: {
    async list(db, userId, request, context) {
      const rows = await accountChoices(db, { id: userId, isPlatformAdmin: context.actor.type === 'admin' }, request.q, request.limit);
      return { data: rows.map((row) => ({ ...row, role: row.role ?? null })), total: rows.length };
    },
  },
  routes: { list: { summary: 'The accounts the user may select (every account for platform admins), searchable by name' } },
});
