import type { Db } from '../../db';
import { newId, nowIso } from '../../db/rows';
import type { BillingProvider, ChangeRequest, ReturnUrls } from './types';
import type { Account } from '../../db/types';
import { insertBillingSession } from '../../db/repositories/billing';

/** The console route of the offline confirmation page. */
const OFFLINE_CONFIRM_PATH = '/account-settings/subscription/confirm';

/**
 * The offline provider (the default and the demo's): no payment service; the browser goes to
 * our own 'Confirm plan change' page, whose Confirm and Cancel return to the subscription screen
 * with the same values Stripe's flow would (server/services/offlineBilling.ts).
 */
export function createOfflineBilling(db: Db, baseUrl: string): BillingProvider {
  async function session(account: Account, userId: string, kind: string, plan: string, billingType: string) {
    const id = newId();
    await insertBillingSession(db, { id, accountId: account.id, userId, kind, plan, billingType, status: 'open', createdAt: nowIso() });
    return { url: `${baseUrl}${OFFLINE_CONFIRM_PATH}/${id}` };
  }
  return {
    name: 'offline',
    hasRunningSubscription(account: Account) {
      return !!account.currentPeriodEnd && account.currentPeriodEnd > nowIso();
    },
    startChange({ account, user, choice, kind }: ChangeRequest) {
      return session(account, user.id, kind === 'downgrade' ? 'downgrade' : 'checkout', choice.plan, choice.billingType);
    },
    portal({ account, user }: { account: Account; user: { id: string }; urls: ReturnUrls }) {
      return session(account, user.id, 'portal', account.subscriptionPlan, account.billingType);
    },
  };
}
