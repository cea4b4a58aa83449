import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { Title, useDataProvider, useGetOne, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { useAppContext } from '../../appContext';
import type { AppDataProvider } from '../../dataProvider';
import { SUBSCRIPTION_PATH, type OfflineOutcome, type OfflineSession } from '#shared/domain/billing';
import { OfflinePortal } from './OfflinePortal';

/**
 * The offline billing provider's own pages: 'Confirm plan change' with the amount (Confirm and
 * Cancel go back to the subscription screen with the values Stripe's checkout would send), and
 * its billing portal (OfflinePortal).
 */
export const OfflineConfirmPage = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { sessionId = '' } = useParams();
  const { data: context } = useAppContext();
  const accountId = context?.account?.id ?? '';
  const meta = { accountId };
  const { data: session, error } = useGetOne<OfflineSession & { id: string }>(
    'billing-sessions',
    { id: sessionId, meta },
    { enabled: !!accountId && !!sessionId, retry: false },
  );
  // Confirm or Cancel answers the url the browser goes back to (the subscription screen's ?payment=).
  const finishing = useMutation({
    mutationFn: (outcome: OfflineOutcome) => dataProvider.action<{ url: string }>('billing-sessions', { id: sessionId, action: outcome, meta }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const finish = finishing.mutate;
  // Still busy once the url is answered: the browser is leaving.
  const busy = finishing.isPending || finishing.isSuccess;
  const failed = finishing.isError;

  const back = (
    <Button component={Link} to={SUBSCRIPTION_PATH}>
      {translate('app.subscription.confirm.back')}
    </Button>
  );
  if (error) {
    return (
      <Card sx={{ maxWidth: 560 }}>
        <Title title={translate('app.subscription.confirm.title')} />
        <CardContent>
          <Alert severity="error">{translate('app.subscription.confirm.used')}</Alert>
        </CardContent>
        <CardActions>{back}</CardActions>
      </Card>
    );
  }
  if (!session) return null;
  const plan = (name: string) => translate(`app.subscription.plans.${name}`);
  const portal = session.kind === 'portal';
  if (portal) {
    const portalTitle = translate('app.subscription.confirm.portalTitle');
    return (
      <Card component="section" aria-label={portalTitle} sx={{ maxWidth: 560 }}>
        <Title title={portalTitle} />
        <OfflinePortal session={session} busy={busy} onFinish={finish} />
        {failed && (
          <Alert severity="error" sx={{ m: 2 }}>
            {translate('app.subscription.confirm.used')}
          </Alert>
        )}
      </Card>
    );
  }
  const title = translate('app.subscription.confirm.title');
  const open = session.status === 'open';
  return (
    <Card component="section" aria-label={title} sx={{ maxWidth: 560 }}>
      <Title title={title} />
      <CardContent>
        <Stack spacing={1}>
          <Typography>{translate('app.subscription.confirm.change', { from: plan(session.currentPlan), to: plan(session.plan) })}</Typography>
          {session.plan !== 'free' && (
            <Typography>
              {translate('app.subscription.confirm.billing', { billing: translate(`app.subscription.${session.billingType}`).toLowerCase() })}
            </Typography>
          )}
          <Typography component="p">
            <strong>{translate('app.subscription.labelled', { label: translate('app.subscription.confirm.amount') })} </strong>
            {session.amount === null
              ? translate('app.subscription.confirm.noCharge')
              : translate(session.billingType === 'yearly' ? 'app.subscription.confirm.amountYearly' : 'app.subscription.confirm.amountMonthly', {
                  amount: session.amount.toFixed(2),
                })}
          </Typography>
        </Stack>
        {(!open || failed) && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {translate('app.subscription.confirm.used')}
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        {open ? (
          <>
            <Button variant="contained" disabled={busy} onClick={() => finish('confirm')}>
              {translate('app.subscription.confirm.confirm')}
            </Button>
            <Button disabled={busy} onClick={() => finish('cancel')}>
              {translate('app.subscription.confirm.cancel')}
            </Button>
          </>
        ) : (
          back
        )}
      </CardActions>
    </Card>
  );
};
