import { useState } from 'react';
import { Alert, Button, Link } from '@mui/material';
import { Form, SaveButton, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { resetPasswordFormSchema } from '#shared/domain/schemas/auth';
import { authFlows } from '../../authProvider';
import { useZodResolver } from '../../forms/zodResolver';
import { FormRequiredMarker } from '../../forms/FormNotices';
import { NewPasswordInputs } from '../../forms/NewPasswordInputs';
import { AuthCard } from './AuthCard';

/** /reset-password/:token: a new password and its confirmation; no token goes to /login. */
export const ResetPasswordPage = () => {
  const translate = useTranslate();
  const { token } = useParams();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string>();
  const resolver = useZodResolver(resetPasswordFormSchema);
  if (!token) return <Navigate to="/login" replace />;

  const submit = async ({ password }: FieldValues) => {
    setError(undefined);
    try {
      await authFlows.resetPassword(token, password);
      setDone(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <AuthCard title={translate('app.auth.reset.title')}>
      {done ? (
        <>
          <Alert severity="success">{translate('app.auth.reset.done')}</Alert>
          <Button component={RouterLink} to="/login" variant="contained" fullWidth sx={{ mt: 2 }}>
            {translate('app.auth.reset.signIn')}
          </Button>
        </>
      ) : (
        <Form onSubmit={submit} resolver={resolver} defaultValues={{ password: '', confirmPassword: '' }} disableInvalidFormNotification noValidate>
          {error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          <NewPasswordInputs label="app.auth.reset.password" confirmLabel="app.auth.reset.confirm" autoFocus />
          <FormRequiredMarker />
          <SaveButton label="app.auth.reset.submit" icon={<></>} alwaysEnable fullWidth sx={{ mt: 2 }} />
          <Link component={RouterLink} to="/login" variant="body2" sx={{ display: 'block', mt: 2 }}>
            {translate('app.auth.forgot.back')}
          </Link>
        </Form>
      )}
    </AuthCard>
  );
};
