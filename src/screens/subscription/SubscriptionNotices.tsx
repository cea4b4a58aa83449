import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SubscriptionState } from '#shared/domain/billing';
import { useFormat } from '../../i18n/format';

/** What the owner must know: a failed payment, a downgrade waiting, and usage over the caps (nothing is deleted). */
export const SubscriptionNotices = ({ state }: { state: SubscriptionState }) => {
  const translate = useTranslate();
  const { longDate } = useFormat();
  const overPages = state.limits.pages !== null && state.usage.pages > state.limits.pages;
  const overUsers = state.limits.users !== null && state.usage.users > state.limits.users;
  return (
    <>
      {state.paymentFailedAt && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('app.subscription.paymentFailed')}
        </Alert>
      )}
      {state.pendingPlan && state.currentPeriodEnd && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('app.subscription.pending', { plan: translate(`app.subscription.plans.${state.pendingPlan}`), date: longDate(state.currentPeriodEnd) })}
        </Alert>
      )}
      {overPages && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.subscription.overLimit', { pages: state.usage.pages, limit: state.limits.pages ?? 0 })}
        </Alert>
      )}
      {overUsers && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.subscription.overUsers', { users: state.usage.users, limit: state.limits.users ?? 0 })}
        </Alert>
      )}
    </>
  );
};
