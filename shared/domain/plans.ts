/** The plan table of spec platform-admin.md section 9, written once. */
export const PLANS = ['free', 'basic', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];
export const BILLING_TYPES = ['yearly', 'monthly'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];
export const DEFAULT_BILLING_TYPE: BillingType = 'yearly';

/** null means unlimited; 0 disables a feature. */
export interface PlanLimits {
  users: number | null;
  pages: number | null;
  uploads: number | null;
  filters: number;
  tags: number;
  pageAds: number;
  terms: number;
  images: number;
  integrationDropbox: number;
}

export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: { users: 1, pages: 1, uploads: 250, filters: 0, tags: 0, pageAds: 0, terms: 0, images: 0, integrationDropbox: 0 },
  basic: { users: 5, pages: 5, uploads: null, filters: 1, tags: 1, pageAds: 0, terms: 1, images: 1, integrationDropbox: 1 },
  pro: { users: 7, pages: 7, uploads: null, filters: 1, tags: 1, pageAds: 0, terms: 1, images: 1, integrationDropbox: 1 },
  enterprise: { users: null, pages: null, uploads: null, filters: 1, tags: 1, pageAds: 1, terms: 1, images: 1, integrationDropbox: 1 },
};

export const PLAN_PRICES: Record<Plan, { monthly: number | null; yearly: number | null; label: string }> = {
  free: { monthly: 0, yearly: 0, label: 'free forever' },
  basic: { monthly: 22, yearly: 20, label: '$22 per month monthly, $20 per month billed annually' },
  pro: { monthly: null, yearly: null, label: 'coming soon' },
  enterprise: { monthly: null, yearly: null, label: 'contact sales' },
};

/** What every plan has (section 9: 'on every plan'), listed in the plan table beside the switches. */
export const EVERY_PLAN_FEATURES = [
  'embeddedYoutube',
  'fanDataCapture',
  'videoUploads',
  'export',
  'download',
  'approvalFlow',
  'aiModeration',
  'standardAnalytics',
] as const;

/** True when a count already at `current` may grow by one under `limit`. */
export function withinCap(limit: number | null, current: number): boolean {
  return limit === null || current < limit;
}

/** The switches of a plan, each turned off with 0. */
export type PlanFeature = 'filters' | 'tags' | 'pageAds' | 'terms' | 'images' | 'integrationDropbox';

/** Whether the plan has the feature; platform admins (who may bypass plan limits) always do. */
export function hasFeature(limits: PlanLimits, feature: PlanFeature, bypass = false): boolean {
  return bypass || limits[feature] !== 0;
}
