import type Stripe from 'stripe';

/** Stripe's unix seconds as our ISO time. */
export const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

/** The period end: on the subscription in older API versions, on its items in newer ones. */
export function periodEndOf(subscription: Stripe.Subscription): string | null {
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  return iso(legacy ?? subscription.items?.data?.[0]?.current_period_end);
}
