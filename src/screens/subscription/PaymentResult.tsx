import { Alert, AlertTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PAYMENT_RESULTS, type PaymentResult as Result } from '#shared/domain/billing';

const SEVERITY: Record<Result, 'success' | 'error' | 'info'> = { success: 'success', error: 'error', cancel: 'info', downgrade: 'info' };

export const isPaymentResult = (value: string | null): value is Result => PAYMENT_RESULTS.includes(value as Result);

/** The message after returning from payment (spec console.md section 8), by the payment value. */
export const PaymentResult = ({ result, onClose }: { result: Result; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Alert severity={SEVERITY[result]} role={result === 'error' ? 'alert' : 'status'} onClose={onClose} sx={{ mb: 2 }}>
      <AlertTitle>{translate(`app.subscription.results.${result}.title`)}</AlertTitle>
      {translate(`app.subscription.results.${result}.text`)}
    </Alert>
  );
};
