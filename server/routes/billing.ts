import { z } from 'zod';
import { idParam } from '#shared/domain/schemas/common';
import { OFFLINE_OUTCOMES, subscriptionChangeSchema } from '#shared/domain/billing';
import { billingPortal, changeSubscription, subscriptionState } from '../services/subscription';
import { finishOfflineSession, offlineSession } from '../services/offlineBilling';
import { handleStripeWebhook } from '../services/stripeWebhooks';
import { billingRedirectSchema, offlineSessionSchema, stripeReceiptSchema, subscriptionStateSchema } from '#shared/domain/schemas/billing';
import { satisfies } from '#shared/domain/permissions';
import type { FastifyRequest } from 'fastify';
import { accessTo, answerOfPathId, taggedRoute, type RouteDef } from './define';

const route = taggedRoute('billing');
const access = accessTo('subscription');
const sessionParams = idParam.extend({ sessionId: z.string().min(1).max(64) });
const caller = (request: { auth?: { user: { id: string; email: string } } }) => ({ id: request.auth!.user.id, email: request.auth!.user.email });
/** Portal sessions are the owner's (subscription.billing); plan changes any account admin's. */
const sessionCaller = (request: FastifyRequest) => ({
  mayBill: satisfies({ type: request.auth!.user.type, role: request.access?.role ?? null }, request.server.permissions.ruleFor('subscription', 'billing')!),
});

const OUTCOME_SUMMARY = {
  confirm: 'Confirm the offline plan change (or leave the offline billing portal)',
  cancel: 'Cancel the offline plan change',
  unsubscribe: "The offline billing portal's 'Cancel subscription': Free once the period paid for ends",
} as const;

export const billingRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/accounts/:id/subscription',
    access: access('show'),
    summary: 'The plan, its billing type, a downgrade waiting for the period end, a failed payment, and usage against the caps',
    schema: { params: idParam, response: { 200: subscriptionStateSchema } },
    handler: answerOfPathId(subscriptionState),
  }),
  route({
    method: 'POST',
    url: '/api/accounts/:id/subscription',
    access: access('edit'),
    summary: 'Choose a plan price (free_plan, basic_plan, basic_monthly...): answers {url}, where the browser goes to pay or confirm',
    schema: { params: idParam, body: subscriptionChangeSchema, response: { 200: billingRedirectSchema } },
    async handler(request) {
      return changeSubscription(request.server.deps, request.params.id, caller(request), request.body);
    },
  }),
  route({
    method: 'POST',
    url: '/api/accounts/:id/billing',
    access: access('billing'),
    summary: "The billing portal: answers {url}, the provider's portal for invoices, payment methods and cancellation",
    schema: { params: idParam, response: { 200: billingRedirectSchema } },
    async handler(request) {
      return billingPortal(request.server.deps, request.params.id, caller(request));
    },
  }),
  route({
    method: 'GET',
    url: '/api/accounts/:id/billing-sessions/:sessionId',
    access: access('edit'),
    summary: "The offline provider's plan change waiting for confirmation: plan, billing type and amount",
    schema: { params: sessionParams, response: { 200: offlineSessionSchema } },
    async handler(request) {
      return offlineSession(request.server.deps, request.params.id, request.params.sessionId, sessionCaller(request));
    },
  }),
  ...OFFLINE_OUTCOMES.map((outcome) =>
    route({
      method: 'POST',
      url: `/api/accounts/:id/billing-sessions/:sessionId/${outcome}`,
      access: access('edit'),
      summary: `${OUTCOME_SUMMARY[outcome]}: answers {url}, the subscription screen with the payment result`,
      schema: { params: sessionParams, response: { 200: billingRedirectSchema } },
      async handler(request) {
        return finishOfflineSession(request.server.deps, request.params.id, request.params.sessionId, outcome, sessionCaller(request));
      },
    }),
  ),
  route({
    method: 'POST',
    url: '/api/billing/stripe/webhook',
    access: 'public',
    summary: "Stripe's events, verified by their signature and handled once each",
    rawBody: true,
    bodyLimit: 512 * 1024,
    schema: { response: { 200: stripeReceiptSchema } },
    async handler(request) {
      const signature = request.headers['stripe-signature'];
      return handleStripeWebhook(request.server.deps, request.rawBody, typeof signature === 'string' ? signature : undefined);
    },
  }),
];
