import { useState } from 'react';
import { Alert, Button, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import type { OfflineOutcome, OfflineSession } from '#shared/domain/billing';
import { useFormat } from '../../i18n/format';

/**
 * The offline provider's billing portal (a page of our own, no payment service): the plan, its
 * billing period, the next renewal and its amount, 'Cancel subscription' (Free at the period's
 * end, confirmed first) and the way back.
 */
export const OfflinePortal = ({ session, busy, onFinish }: { session: OfflineSession; busy: boolean; onFinish: (outcome: OfflineOutcome) => void }) => {
  const translate = useTranslate();
  const { longDate } = useFormat();
  const [confirming, setConfirming] = useState(false);
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.subscription.portal.${key}`, options);
  const plan = translate(`app.subscription.plans.${session.currentPlan}`);
  const paid = session.currentPlan !== 'free' && session.currentPlan !== 'enterprise';
  const cancelable = session.status === 'open' && paid && session.pendingPlan !== 'free';
  const end = session.currentPeriodEnd ? longDate(session.currentPeriodEnd) : null;
  const rows: [string, string][] = [
    [t('plan'), plan],
    [t('billing'), paid ? translate(`app.subscription.${session.currentBillingType}`) : '—'],
    [t('period'), end ? t('periodEnds', { date: end }) : t('noPeriod')],
    [
      t('next'),
      session.pendingPlan && end
        ? translate('app.subscription.pending', { plan: translate(`app.subscription.plans.${session.pendingPlan}`), date: end })
        : session.renewal !== null && end
          ? t('renews', { date: end, amount: session.renewal.toFixed(2) })
          : t('noRenewal'),
    ],
  ];
  return (
    <>
      <CardContent>
        <Typography sx={{ mb: 2 }}>{t('text')}</Typography>
        <Stack component="dl" spacing={1} sx={{ m: 0 }}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </div>
          ))}
        </Stack>
        {session.status !== 'open' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {translate('app.subscription.confirm.used')}
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" disabled={busy || session.status !== 'open'} onClick={() => onFinish('confirm')}>
          {t('back')}
        </Button>
        {cancelable && (
          <Button color="error" disabled={busy} onClick={() => setConfirming(true)}>
            {t('cancel')}
          </Button>
        )}
      </CardActions>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="app.subscription.portal.cancelTitle"
        content="app.subscription.portal.cancelContent"
        translateOptions={{ plan, date: end ?? '' }}
        confirm="app.subscription.portal.cancel"
        cancel="app.subscription.portal.keep"
        confirmColor="warning"
        onConfirm={() => {
          setConfirming(false);
          onFinish('unsubscribe');
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};
