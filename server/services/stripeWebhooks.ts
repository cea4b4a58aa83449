import type Stripe from 'stripe';
import type { Deps } from '../deps';
import type { Db } from '../db';
import { nowIso } from '../db/rows';
import { HttpError, badRequest } from '../errors';
import { PLANS, BILLING_TYPES, type BillingType, type Plan } from '#shared/domain/plans';
import { applyPlan } from '../db/repositories/planWrites';
import { findAccountIdByStripeCustomer, getStripeState } from '../db/repositories/plans';
import { accountExists, updateAccount, type AccountChanges } from '../db/repositories/accounts';
import { insertBillingEventOnce, setBillingEventAccount } from '../db/repositories/billing';
import { periodEndOf } from '../adapters/billing/stripeTimes';
import { optionalPackage } from '../optionalPackages';

/** Our plan and billing type of a Stripe price, through STRIPE_PRICES read backwards. */
function choiceOfPrice(prices: Record<string, string>, priceId: string | undefined): { plan: Plan; billingType: BillingType } | null {
  const ours = Object.entries(prices).find(([, theirs]) => theirs === priceId)?.[0];
  if (!ours) return null;
  const [plan, billingType] = ours.split('_');
  if (!PLANS.includes(plan as Plan) || !BILLING_TYPES.includes(billingType as BillingType)) return null;
  return { plan: plan as Plan, billingType: billingType as BillingType };
}

async function accountOf(db: Db, customer: unknown, metadataAccount?: string | null): Promise<string | null> {
  if (metadataAccount && (await accountExists(db, metadataAccount))) return metadataAccount;
  const customerId = typeof customer === 'string' ? customer : (customer as { id?: string } | null)?.id;
  if (!customerId) return null;
  return (await findAccountIdByStripeCustomer(db, customerId)) ?? null;
}

/**
 * A cheaper paid plan waiting for the period's end (our adapter's subscription schedule writes it
 * into the subscription's metadata); null once the subscription is on that price.
 */
function pendingOf(metadata: Record<string, string> | null | undefined, now: { plan: Plan; billingType: BillingType } | null) {
  const plan = metadata?.pendingPlan as Plan | undefined;
  const billingType = metadata?.pendingBillingType as BillingType | undefined;
  if (!plan || plan === 'free' || !PLANS.includes(plan) || !billingType || !BILLING_TYPES.includes(billingType)) return null;
  if (now && now.plan === plan && now.billingType === billingType) return null;
  return { plan, billingType };
}

/**
 * POST /api/billing/stripe/webhook: verified by its signature (constructEvent), handled once per
 * event id, and an event older than the newest one applied to the account is recorded but not
 * applied (Stripe does not promise order).
 */
export async function handleStripeWebhook(
  deps: Pick<Deps, 'db' | 'config'>,
  rawBody: string | undefined,
  signature: string | undefined,
): Promise<{ received: true; duplicate?: true; ignored?: true }> {
  const settings = deps.config.billing.stripe;
  if (!settings) throw new HttpError(404, 'NotFoundError', 'app.server.stripeNotConfigured');
  if (!rawBody || !signature) throw badRequest('app.server.stripeEventUnsigned');
  let event: Stripe.Event;
  try {
    event = optionalPackage('stripe').webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
  } catch {
    throw badRequest('app.server.stripeSignatureWrong');
  }
  const { db } = deps;
  return db.transaction().execute(async (trx) => {
    const fresh = await insertBillingEventOnce(trx, { id: event.id, type: event.type, createdAt: nowIso() });
    if (!fresh) return { received: true as const, duplicate: true as const };
    const accountId = await apply(trx, settings.prices, event);
    if (accountId) await setBillingEventAccount(trx, event.id, accountId);
    return { received: true as const };
  });
}

/** Applies the event unless a newer one was applied to the account; answers the account's id. */
async function apply(db: Db, prices: Record<string, string>, event: Stripe.Event): Promise<string | null> {
  const object = event.data.object as unknown as Record<string, unknown> & { metadata?: Record<string, string> | null; customer?: unknown };
  const accountId = await accountOf(db, object.customer, (object.client_reference_id as string | undefined) ?? object.metadata?.accountId);
  if (!accountId) return null;
  const at = new Date(event.created * 1000).toISOString();
  const account = await getStripeState(db, accountId);
  const stale = !!account.billingEventAt && account.billingEventAt > at;
  const touch = (change: AccountChanges) => updateAccount(db, accountId, change);

  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription' || stale) return accountId;
      const plan = session.metadata?.plan as Plan | undefined;
      const billingType = session.metadata?.billingType as BillingType | undefined;
      if (!plan || !PLANS.includes(plan)) return accountId;
      const customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
      const subscription = typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null);
      await applyPlan(db, accountId, {
        plan,
        billingType: billingType && BILLING_TYPES.includes(billingType) ? billingType : undefined,
        subscriptionStatus: 'active',
        stripeSubscriptionId: subscription,
        pendingPlan: null,
      });
      await touch({ billingEventAt: at, paymentFailedAt: null, ...(customer ? { stripeCustomerId: customer } : {}) });
      return accountId;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated': {
      if (stale) return accountId;
      const subscription = event.data.object;
      const choice = choiceOfPrice(prices, subscription.items?.data?.[0]?.price?.id);
      const ending = subscription.cancel_at_period_end || !!subscription.cancel_at;
      const waiting = ending ? null : pendingOf(subscription.metadata, choice);
      const failing = ['past_due', 'unpaid'].includes(subscription.status);
      if (['active', 'trialing', 'past_due'].includes(subscription.status) && choice) {
        await applyPlan(db, accountId, {
          plan: choice.plan,
          billingType: choice.billingType,
          subscriptionStatus: subscription.status,
          stripeSubscriptionId: subscription.id,
          currentPeriodEnd: periodEndOf(subscription),
          pendingPlan: ending ? 'free' : (waiting?.plan ?? null),
          pendingBillingType: waiting?.billingType ?? null,
        });
      } else if (['canceled', 'incomplete_expired'].includes(subscription.status)) {
        await applyPlan(db, accountId, { plan: 'free', subscriptionStatus: null, stripeSubscriptionId: null, currentPeriodEnd: null, pendingPlan: null });
      } else {
        await touch({ subscriptionStatus: subscription.status });
      }
      await touch({ billingEventAt: at, ...(failing ? { paymentFailedAt: at } : subscription.status === 'active' ? { paymentFailedAt: null } : {}) });
      return accountId;
    }
    case 'customer.subscription.deleted': {
      if (stale) return accountId;
      const subscription = event.data.object;
      // Only the account's own subscription ends its plan (an old one may end after a new one began).
      if (account.stripeSubscriptionId && account.stripeSubscriptionId !== subscription.id) return accountId;
      await applyPlan(db, accountId, { plan: 'free', subscriptionStatus: null, stripeSubscriptionId: null, currentPeriodEnd: null, pendingPlan: null });
      await touch({ billingEventAt: at });
      return accountId;
    }
    case 'invoice.payment_failed':
      await touch({ paymentFailedAt: at });
      return accountId;
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      // Clears only a failure older than this payment.
      if (!account.paymentFailedAt || account.paymentFailedAt <= at) await touch({ paymentFailedAt: null });
      return accountId;
    default:
      return accountId;
  }
}
