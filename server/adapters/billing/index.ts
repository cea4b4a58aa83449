import type { Db } from '../../db';
import type { Config } from '../../config';
import { createOfflineBilling } from './offline';
import { createStripeBilling } from './stripe';
import type { BillingProvider } from './types';

export type { BillingProvider, ReturnUrls } from './types';

/** The configured provider: offline unless BILLING_PROVIDER or STRIPE_SECRET_KEY say Stripe. */
export function createBilling(db: Db, config: Pick<Config, 'billing' | 'baseUrl'>): BillingProvider {
  if (config.billing.provider === 'stripe' && config.billing.stripe) return createStripeBilling(db, config.billing.stripe);
  return createOfflineBilling(db, config.baseUrl);
}
