import type { Account } from '../../db/types';
import type { PriceChoice } from '#shared/domain/billing';

/** Where the provider sends the browser back: the subscription screen with a payment value. */
export interface ReturnUrls {
  success: string;
  cancel: string;
  downgrade: string;
  /** The subscription screen with no result (the billing portal's way back). */
  plain: string;
}

export interface ChangeRequest {
  account: Account;
  user: { id: string; email: string };
  choice: PriceChoice;
  /** 'checkout': a paid plan for an account with no paid subscription; 'switch': another paid
   * price on the running subscription; 'downgrade': to Free or to a cheaper paid plan at the period's end. */
  kind: 'checkout' | 'switch' | 'downgrade';
  urls: ReturnUrls;
}

/** What the provider changed at once (Stripe's subscription update), besides the url. */
interface ChangeAnswer {
  url: string;
}

/**
 * A billing provider: it answers the url the browser goes to next (its checkout, its
 * confirmation, its portal); the plan itself changes when the provider confirms (a Stripe
 * webhook, or the offline provider's confirmation page).
 */
export interface BillingProvider {
  readonly name: 'offline' | 'stripe';
  /** Whether the account has a paid period running with this provider (a downgrade then waits for its end). */
  hasRunningSubscription(account: Account): boolean;
  startChange(request: ChangeRequest): Promise<ChangeAnswer>;
  portal(request: { account: Account; user: { id: string; email: string }; urls: ReturnUrls }): Promise<ChangeAnswer>;
}
