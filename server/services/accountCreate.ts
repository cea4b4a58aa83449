import type { Db } from '../db';
import { newId, nowIso } from '../db/rows';
import { PLAN_LIMITS, type Plan } from '#shared/domain/plans';
import type { AccountRole } from '#shared/domain/roles';
import { fieldError } from '../errors';
import { EMPTY_LINKS } from './accounts';
import { insertAccountUnlessSlugTaken } from '../db/repositories/accounts';
import { insertMember } from '../db/repositories/accountMembers';

interface CreateAccountInput {
  name: string;
  slug: string;
  plan?: Plan;
  status?: 'enabled' | 'disabled';
}

export const accountSlugTaken = () => fieldError('slug', 'app.server.slugTakenAccount');

/**
 * A new account with its plan's limits written in. The slug is unique (kept lower-case): a taken
 * one answers 400 on the slug, decided by the insert itself so two creations at once cannot
 * both pass a check.
 */
export async function createAccount(db: Db, input: CreateAccountInput): Promise<string> {
  const id = newId();
  const now = nowIso();
  const plan = input.plan ?? 'free';
  const inserted = await insertAccountUnlessSlugTaken(db, {
    id,
    name: input.name,
    slug: input.slug.toLowerCase(),
    status: input.status ?? 'enabled',
    subscriptionPlan: plan,
    billingType: 'yearly',
    planLimits: JSON.stringify(PLAN_LIMITS[plan]),
    links: JSON.stringify(EMPTY_LINKS),
    lightHeader: 0,
    integrations: '{}',
    createdAt: now,
    updatedAt: now,
  });
  if (!inserted) throw accountSlugTaken();
  return id;
}

export async function addMember(db: Db, accountId: string, userId: string, role: AccountRole): Promise<void> {
  await insertMember(db, accountId, userId, role);
}
