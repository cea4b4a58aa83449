import type { Account } from '../db/types';
import { parseJson, toBool } from '../db/rows';
import { PLAN_LIMITS, type PlanLimits } from '#shared/domain/plans';
import type { AccountLinks, AccountSummary } from '#shared/domain/types';

export const EMPTY_LINKS: AccountLinks = { primary: null, header: [], footer: [] };

export function accountSummary(row: Account): AccountSummary {
  const plan = row.subscriptionPlan;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    status: row.status,
    enabled: row.status === 'enabled',
    subscriptionPlan: plan,
    planLimits: parseJson<PlanLimits>(row.planLimits, PLAN_LIMITS[plan] ?? PLAN_LIMITS.free),
    helpEmailAddress: row.helpEmailAddress,
    timeZone: row.timeZone ?? 'UTC',
    links: parseJson<AccountLinks>(row.links, EMPTY_LINKS),
    favicon: row.favicon,
    headerImage: row.headerImage,
    lightHeader: toBool(row.lightHeader),
    image: row.image,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
  };
}
