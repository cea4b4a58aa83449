import type Stripe from 'stripe';
import { canonicalPriceId } from '#shared/domain/billing';
import type { Db } from '../../db';
import type { Account } from '../../db/types';
import type { BillingConfig } from '../../config';
import { conflict } from '../../errors';
import { applyPlan } from '../../db/repositories/planWrites';
import { updateAccount } from '../../db/repositories/accounts';
import { iso, periodEndOf } from './stripeTimes';
import type { BillingProvider, ChangeRequest, ReturnUrls } from './types';
import { optionalPackage } from '../../optionalPackages';

type StripeSettings = NonNullable<BillingConfig['stripe']>;

/** The SDK, pointed at another address when configured (a local server in tests). */
function stripeClient(settings: StripeSettings): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const StripeSdk = optionalPackage('stripe');
  return new StripeSdk(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  });
}

/**
 * Stripe: Checkout Sessions for new subscriptions, the Customer Portal, a price change on the
 * running subscription, and a downgrade to free as a cancellation at the period's end. The
 * plan changes when Stripe's webhook says so (server/services/stripeWebhooks.ts).
 */
export function createStripeBilling(db: Db, settings: StripeSettings): BillingProvider {
  const stripe = stripeClient(settings);

  function priceOf(request: ChangeRequest): string {
    const price = settings.prices[canonicalPriceId(request.choice)];
    if (!price) throw conflict('app.server.planNotOnline');
    return price;
  }

  async function customerOf(account: Account, email: string): Promise<string> {
    if (account.stripeCustomerId) return account.stripeCustomerId;
    const customer = await stripe.customers.create(
      { email, name: account.name, metadata: { accountId: account.id } },
      { idempotencyKey: `customer-${account.id}` },
    );
    await updateAccount(db, account.id, { stripeCustomerId: customer.id });
    return customer.id;
  }

  /** Hands a subscription back from its schedule (a downgrade waiting), so it can be changed again. */
  async function releaseSchedule(subscription: Stripe.Subscription): Promise<void> {
    const schedule = typeof subscription.schedule === 'string' ? subscription.schedule : subscription.schedule?.id;
    if (schedule) await stripe.subscriptionSchedules.release(schedule, { preserve_cancel_date: false });
  }

  /**
   * A cheaper paid plan at the period's end: a subscription schedule whose first phase is the
   * current price to the period's end and whose second is the new price, with no proration.
   * Stripe changes the price at the renewal, and its customer.subscription.updated moves our
   * plan then. The pending plan is kept in the subscription's metadata so every webhook before
   * that says it; the second phase's metadata clears it. Stripe allows a metadata update on a
   * subscription its schedule runs ("updating the underlying subscription's metadata directly
   * will not affect the current phase's metadata", the phases.metadata reference); only the
   * cancellation settings must go through the schedule, which is why it is released before
   * cancel_at_period_end is set.
   */
  async function downgradeToPaid(subscription: Stripe.Subscription, request: ChangeRequest, price: string): Promise<string | null> {
    const { account, choice } = request;
    // A cancellation waiting (a downgrade to Free chosen before) gives way to the cheaper plan.
    if (subscription.cancel_at_period_end) await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    const existing = typeof subscription.schedule === 'string' ? subscription.schedule : subscription.schedule?.id;
    const schedule = existing
      ? await stripe.subscriptionSchedules.retrieve(existing)
      : await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    const phase = schedule.phases[0];
    const currentPrice = subscription.items.data[0].price.id;
    await stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: [
        { items: [{ price: currentPrice, quantity: 1 }], start_date: phase.start_date, end_date: phase.end_date, proration_behavior: 'none' },
        {
          items: [{ price, quantity: 1 }],
          proration_behavior: 'none',
          metadata: { accountId: account.id, plan: choice.plan, billingType: choice.billingType, pendingPlan: '', pendingBillingType: '' },
        },
      ],
    });
    await stripe.subscriptions.update(subscription.id, { metadata: { pendingPlan: choice.plan, pendingBillingType: choice.billingType } });
    return iso(phase.end_date);
  }

  return {
    name: 'stripe',
    hasRunningSubscription(account: Account) {
      return !!account.stripeSubscriptionId;
    },
    async startChange(request) {
      const { account, user, choice, urls } = request;
      if (request.kind === 'downgrade') {
        if (!account.stripeSubscriptionId) {
          // A plan set by a platform admin, with nothing to bill: it ends now.
          await applyPlan(db, account.id, { plan: 'free', pendingPlan: null, currentPeriodEnd: null, subscriptionStatus: null });
          return { url: urls.downgrade };
        }
        // Stripe keeps the plan to the period's end; its webhooks confirm and then move it.
        const subscription = await stripe.subscriptions.retrieve(account.stripeSubscriptionId);
        let endsAt: string | null;
        if (choice.plan === 'free') {
          await releaseSchedule(subscription);
          const updated = await stripe.subscriptions.update(account.stripeSubscriptionId, {
            cancel_at_period_end: true,
            metadata: { pendingPlan: '', pendingBillingType: '' },
          });
          endsAt = periodEndOf(updated);
        } else {
          endsAt = await downgradeToPaid(subscription, request, priceOf(request));
        }
        await updateAccount(db, account.id, {
          pendingPlan: choice.plan,
          pendingBillingType: choice.plan === 'free' ? null : choice.billingType,
          ...(endsAt ? { currentPeriodEnd: endsAt } : {}),
        });
        return { url: urls.downgrade };
      }
      const price = priceOf(request);
      if (request.kind === 'switch' && account.stripeSubscriptionId) {
        const subscription = await stripe.subscriptions.retrieve(account.stripeSubscriptionId);
        await releaseSchedule(subscription);
        const item = subscription.items.data[0];
        await stripe.subscriptions.update(account.stripeSubscriptionId, {
          cancel_at_period_end: false,
          items: [{ id: item.id, price }],
          metadata: { accountId: account.id, plan: choice.plan, billingType: choice.billingType, pendingPlan: '', pendingBillingType: '' },
        });
        return { url: urls.success };
      }
      const customer = await customerOf(account, user.email);
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: account.id,
        line_items: [{ price, quantity: 1 }],
        metadata: { accountId: account.id, plan: choice.plan, billingType: choice.billingType },
        subscription_data: { metadata: { accountId: account.id, plan: choice.plan, billingType: choice.billingType } },
        success_url: urls.success,
        cancel_url: urls.cancel,
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a url');
      return { url: session.url };
    },
    async portal({ account, user, urls }: { account: Account; user: { id: string; email: string }; urls: ReturnUrls }) {
      const customer = await customerOf(account, user.email);
      const session = await stripe.billingPortal.sessions.create({ customer, return_url: urls.plain });
      return { url: session.url };
    },
  };
}
