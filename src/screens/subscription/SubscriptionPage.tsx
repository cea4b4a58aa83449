import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Grid, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Title, useCanAccess, useDataProvider, useGetOne, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { refreshAppContext, useAppContext } from '../../appContext';
import type { AppDataProvider } from '../../dataProvider';
import { PAYMENT_QUERY, tablePriceId, type PaymentResult as Result, type SubscriptionState } from '#shared/domain/billing';
import { DEFAULT_BILLING_TYPE, PLANS, type BillingType, type Plan } from '#shared/domain/plans';
import { PlanCard } from './PlanCard';
import { PaymentResult, isPaymentResult } from './PaymentResult';
import { SubscriptionNotices } from './SubscriptionNotices';

/**
 * /account-settings/subscription: the plan table with the current plan marked, yearly (default)
 * or monthly billing, the billing portal, and the message after returning from payment. Account
 * admins and owners change the plan (subscription.edit); the billing portal is the owner's
 * (subscription.billing); everyone else reads it.
 */
export const SubscriptionPage = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { data: context } = useAppContext();
  const accountId = context?.account?.id ?? '';
  const { canAccess: canEdit, isPending } = useCanAccess({ resource: 'subscription', action: 'edit' });
  const { canAccess: canBill } = useCanAccess({ resource: 'subscription', action: 'billing' });
  // The account's subscription: one record per account, under the account's id.
  const { data: state } = useGetOne<SubscriptionState & { id: string }>('subscription', { id: accountId }, { enabled: !!accountId });
  const [params, setParams] = useSearchParams();
  const paid = params.get(PAYMENT_QUERY);
  // Back from payment: the plan and its limits may have changed, so the whole console re-reads them (once per result).
  useQuery({
    queryKey: ['subscription', accountId, 'payment', paid],
    queryFn: () => refreshAppContext(queryClient),
    enabled: isPaymentResult(paid),
    staleTime: Infinity,
  });
  // Choosing a plan or opening the billing portal answers the url the browser goes to.
  const redirect = useMutation({
    mutationFn: (call: () => Promise<{ url: string }>) => call(),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  // The message after payment is the URL's (?payment=); a failed redirect to pay says 'error' here.
  const result: Result | null = redirect.isError ? 'error' : isPaymentResult(paid) ? paid : null;
  const [billingType, setBillingType] = useState<BillingType>(DEFAULT_BILLING_TYPE);
  // Still busy once the url is answered: the browser is leaving.
  const busy = redirect.isPending || redirect.isSuccess;

  if (!context?.account || isPending || !state) return null;

  const go = (call: () => Promise<{ url: string }>) => redirect.mutate(call);
  const choose = (plan: Plan) =>
    go(() =>
      dataProvider
        .create<{ id: string; url: string }>('subscription', { data: { planPriceId: tablePriceId(plan as 'free', billingType) }, meta: { accountId } })
        .then(({ data }) => data),
    );

  const actionOf = (plan: Plan) => {
    if (plan === 'enterprise') {
      return (
        <Button variant="outlined" fullWidth href={`mailto:${context.systemDefaults.supportEmail}`}>
          {translate('app.subscription.contactSales')}
        </Button>
      );
    }
    if (plan === 'pro' && state.plan !== 'pro') {
      return (
        <Button variant="outlined" fullWidth disabled>
          {translate('app.subscription.comingSoon')}
        </Button>
      );
    }
    const current = plan === state.plan && (plan === 'free' || billingType === state.billingType) && !state.pendingPlan;
    if (!canEdit || current || plan === 'pro' || state.plan === 'enterprise') return null;
    const label =
      plan === state.plan
        ? translate('app.subscription.switchBilling', { billing: translate(`app.subscription.${billingType}`).toLowerCase() })
        : translate('app.subscription.choose', { plan: translate(`app.subscription.plans.${plan}`) });
    return (
      <Button variant={plan === 'free' ? 'outlined' : 'contained'} fullWidth disabled={busy} onClick={() => choose(plan)}>
        {label}
      </Button>
    );
  };

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Title title={translate('app.subscription.title')} />
      {result && (
        <PaymentResult
          result={result}
          onClose={() => {
            redirect.reset();
            params.delete(PAYMENT_QUERY);
            setParams(params, { replace: true });
          }}
        />
      )}
      <SubscriptionNotices state={state} />
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('app.subscription.readOnly')}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'stretch', sm: 'center' }} justifyContent="space-between" sx={{ mb: 2 }}>
        <Stack direction="row" spacing={2} alignItems="center">
          <Typography id="billing-type-label" variant="body2" component="span">
            {translate('app.subscription.billingType')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={billingType}
            aria-labelledby="billing-type-label"
            onChange={(_event, value: BillingType | null) => value && setBillingType(value)}
          >
            <ToggleButton value="yearly">{translate('app.subscription.yearly')}</ToggleButton>
            <ToggleButton value="monthly">{translate('app.subscription.monthly')}</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        {canBill && (
          <Button
            variant="outlined"
            startIcon={<OpenInNewIcon />}
            disabled={busy}
            onClick={() => go(() => dataProvider.action<{ url: string }>('accounts', { id: accountId, action: 'billing' }))}
          >
            {translate('app.subscription.portal.button')}
          </Button>
        )}
      </Stack>
      <Grid container spacing={2}>
        {PLANS.map((plan) => (
          <Grid key={plan} size={{ xs: 12, sm: 6, lg: 3 }}>
            <PlanCard plan={plan} billingType={billingType} current={plan === state.plan} action={actionOf(plan)} />
          </Grid>
        ))}
      </Grid>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {translate('app.subscription.downgradeNote')}
      </Typography>
    </Box>
  );
};
