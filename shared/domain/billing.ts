import { z } from 'zod';
import { BILLING_TYPES, DEFAULT_BILLING_TYPE, PLAN_PRICES, type BillingType, type Plan } from './plans';

/**
 * Subscription price ids (spec console.md section 9): the plan, '_' and the billing type. The
 * plan table sends free_plan, basic_plan or pro_plan, where 'plan' stands for the default
 * billing type (yearly); basic_yearly and basic_monthly name the billing type outright.
 */
export const PRICE_PLANS = ['free', 'basic', 'pro'] as const;
type PricePlan = (typeof PRICE_PLANS)[number];

export interface PriceChoice {
  plan: PricePlan;
  billingType: BillingType;
}

const PRICE_ID = /^(free|basic|pro)_(plan|yearly|monthly)$/;

export function parsePriceId(id: string): PriceChoice | null {
  const match = PRICE_ID.exec(id);
  if (!match) return null;
  const billingType = match[2] === 'plan' ? DEFAULT_BILLING_TYPE : (match[2] as BillingType);
  return { plan: match[1] as PricePlan, billingType };
}

/** The id the plan table sends: `<plan>_plan` for the default billing type, else `<plan>_<type>`. */
export function tablePriceId(plan: PricePlan, billingType: BillingType): string {
  return billingType === DEFAULT_BILLING_TYPE ? `${plan}_plan` : `${plan}_${billingType}`;
}

/** The canonical id (`basic_yearly`), the key of STRIPE_PRICES. */
export function canonicalPriceId({ plan, billingType }: PriceChoice): string {
  return `${plan}_${billingType}`;
}

export const subscriptionChangeSchema = z
  .object({
    planPriceId: z
      .string()
      .max(40)
      .refine((value) => parsePriceId(value) !== null, {
        message: `Choose a plan price: free_plan, basic_plan or pro_plan, or a plan with _${BILLING_TYPES.join(' or _')}`,
      }),
  })
  .strict();
export type SubscriptionChangeInput = z.infer<typeof subscriptionChangeSchema>;

/** What a subscription costs per month, in dollars; null when it cannot be bought here. */
function monthlyPrice({ plan, billingType }: PriceChoice): number | null {
  return PLAN_PRICES[plan][billingType];
}

/** The amount charged at once: a month, or twelve months billed annually. */
function chargedAmount(choice: PriceChoice): number | null {
  const monthly = monthlyPrice(choice);
  if (monthly === null) return null;
  return choice.billingType === 'yearly' ? monthly * 12 : monthly;
}

/** What a plan charges each period, or null when nothing is charged here (Free, Enterprise, coming soon). */
export function renewalAmount({ plan, billingType }: { plan: Plan; billingType: BillingType }): number | null {
  if (plan === 'free' || plan === 'enterprise') return null;
  return chargedAmount({ plan, billingType });
}

const RANK: Record<Plan, number> = { free: 0, basic: 1, pro: 2, enterprise: 3 };
export function isDowngrade(from: Plan, to: Plan): boolean {
  return RANK[to] < RANK[from];
}

/** The `payment` query value the subscription screen is sent back with (spec section 4). */
export const PAYMENT_RESULTS = ['success', 'error', 'cancel', 'downgrade'] as const;
export type PaymentResult = (typeof PAYMENT_RESULTS)[number];
export const PAYMENT_QUERY = 'payment';
export const SUBSCRIPTION_PATH = '/account-settings/subscription';

/** The subscription as GET /api/accounts/{id}/subscription answers it. */
export interface SubscriptionState {
  plan: Plan;
  billingType: BillingType;
  provider: 'offline' | 'stripe';
  /** A plan that takes over at currentPeriodEnd (a downgrade or a cancellation). */
  pendingPlan: Plan | null;
  currentPeriodEnd: string | null;
  /** When the last payment failed, until one succeeds. */
  paymentFailedAt: string | null;
  hasBillingAccount: boolean;
  /** Enabled pages and members against the plan's caps (over them after a downgrade). */
  usage: { pages: number; users: number };
  limits: { pages: number | null; users: number | null };
}

/** What the offline pages send: Confirm (or leave the portal), Cancel, and the portal's 'Cancel subscription'. */
export const OFFLINE_OUTCOMES = ['confirm', 'cancel', 'unsubscribe'] as const;
export type OfflineOutcome = (typeof OFFLINE_OUTCOMES)[number];

/** An offline checkout as its confirmation page shows it. */
export interface OfflineSession {
  id: string;
  kind: 'checkout' | 'downgrade' | 'portal';
  plan: Plan;
  billingType: BillingType;
  amount: number | null;
  currentPlan: Plan;
  status: 'open' | 'confirmed' | 'canceled';
  /** The billing portal's view of the account: its billing type, period end, pending plan and next charge. */
  currentBillingType: BillingType;
  currentPeriodEnd: string | null;
  pendingPlan: Plan | null;
  renewal: number | null;
}
