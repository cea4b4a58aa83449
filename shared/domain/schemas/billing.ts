import { z } from 'zod';
import { BILLING_TYPES, PLANS } from '../plans';

/** Billing answers (spec console.md section 9; SubscriptionState and OfflineSession of ../billing.ts). */
const plan = z.enum(PLANS);
const billingType = z.enum(BILLING_TYPES);

export const subscriptionStateSchema = z.object({
  plan,
  billingType,
  provider: z.enum(['offline', 'stripe']),
  pendingPlan: plan.nullable(),
  currentPeriodEnd: z.string().nullable(),
  paymentFailedAt: z.string().nullable(),
  hasBillingAccount: z.boolean(),
  usage: z.object({ pages: z.number(), users: z.number() }),
  limits: z.object({ pages: z.number().nullable(), users: z.number().nullable() }),
});

export const offlineSessionSchema = z.object({
  id: z.string(),
  kind: z.enum(['checkout', 'downgrade', 'portal']),
  plan,
  billingType,
  amount: z.number().nullable(),
  currentPlan: plan,
  status: z.enum(['open', 'confirmed', 'canceled']),
  currentBillingType: billingType,
  currentPeriodEnd: z.string().nullable(),
  pendingPlan: plan.nullable(),
  renewal: z.number().nullable(),
});

/** Where the browser goes next: the provider's checkout, confirmation or portal, or back to the subscription screen. */
export const billingRedirectSchema = z.object({ url: z.string() });

/** Stripe's webhook answer: received, and whether it was a duplicate or an event we do not handle. */
export const stripeReceiptSchema = z.object({ received: z.literal(true), duplicate: z.literal(true).optional(), ignored: z.literal(true).optional() });
