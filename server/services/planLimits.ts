import type { Db } from '../db';
import type { User } from '../db/types';
import { deepFreeze, parseJson } from '../db/rows';
import { orNotFound, upgradeRequired } from '../errors';
import { cachedLookup } from '../db/lookupCache';
import { hasFeature, PLAN_LIMITS, withinCap, type PlanFeature, type PlanLimits } from '#shared/domain/plans';
import type { UpsellId } from '#shared/domain/constants';
import { countEnabledPages, findAccountPlan } from '../db/repositories/plans';
import { countMembers } from '../db/repositories/accountMembers';
import { countLivePendingInvites } from '../db/repositories/invitations';

/**
 * The account's limits as stored (the plan's at the time it was set, possibly adjusted). Read by
 * every plan gate (filtered lists among them), so kept in the lookup cache (frozen: shared).
 */
export async function limitsOf(db: Db, accountId: string): Promise<PlanLimits> {
  const limits = await cachedLookup(db, `plan:${accountId}`, async () => {
    const row = await findAccountPlan(db, accountId);
    return (
      row &&
      deepFreeze(structuredClone(parseJson<PlanLimits>(row.planLimits, PLAN_LIMITS[row.subscriptionPlan as keyof typeof PLAN_LIMITS] ?? PLAN_LIMITS.free)))
    );
  });
  return orNotFound(limits, 'account');
}

const bypasses = (caller: Pick<User, 'type'>) => caller.type === 'admin';

/** Members plus pending invitations may not pass the plan's users cap (platform admins may). */
export async function assertCanInviteUser(db: Db, accountId: string, caller: Pick<User, 'type'>): Promise<void> {
  if (bypasses(caller)) return;
  const limits = await limitsOf(db, accountId);
  const [members, invites] = await Promise.all([countMembers(db, accountId), countLivePendingInvites(db, accountId)]);
  if (!withinCap(limits.users, members + invites)) {
    throw upgradeRequired('invite_user', 'app.server.planAllowsUsers', { smart_count: limits.users ?? 0 });
  }
}

/** Enabled pages may not pass the plan's active pages cap. */
export async function assertCanActivatePage(db: Db, accountId: string, caller: Pick<User, 'type'>): Promise<void> {
  if (bypasses(caller)) return;
  const limits = await limitsOf(db, accountId);
  if (!withinCap(limits.pages, await countEnabledPages(db, accountId))) {
    throw upgradeRequired('active_pages', 'app.server.planAllowsPages', { smart_count: limits.pages ?? 0 });
  }
}

/** A feature the plan turns off with 0. */
export function assertFeature(limits: PlanLimits, feature: PlanFeature, upsell: UpsellId, caller: Pick<User, 'type'>): void {
  if (hasFeature(limits, feature, bypasses(caller))) return;
  throw upgradeRequired(upsell, 'app.server.planLacksFeature');
}
