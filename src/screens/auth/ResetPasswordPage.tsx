import { useState } from 'react';
import { Alert, Box, Button, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { resetPasswordFormSchema } from '../../domain/schemas/auth';
import { request } from '../../http';
import { useZodResolver } from '../../forms/zodResolver';
import { FormTextField } from '../../forms/FormTextField';
import { FormRequiredMarker } from '../../forms/FormNotices';
import { AuthCard } from './AuthCard';

interface Values {
  password: string;
  confirmPassword: string;
}

/** /reset-password/:token: a new password and its confirmation; no token goes to /login. */
export const ResetPasswordPage = () => {
  const translate = useTranslate();
  const { token } = useParams();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string>();
  const form = useForm<Values>({
    resolver: useZodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  if (!token) return <Navigate to="/login" replace />;

  const submit = async ({ password }: Values) => {
    setError(undefined);
    try {
      await request('/api/auth/reset-password', { method: 'POST', body: { token, password }, handleAuthErrors: false });
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
        <FormProvider {...form}>
          <Box component="form" noValidate onSubmit={form.handleSubmit(submit)}>
            {error && (
              <Alert severity="error" sx={{ mb: 1 }}>
                {error}
              </Alert>
            )}
            <FormTextField
              name="password"
              label={translate('app.auth.reset.password')}
              type="password"
              autoComplete="new-password"
              helperText={translate('app.auth.reset.hint')}
              autoFocus
              required
            />
            <FormTextField
              name="confirmPassword"
              label={translate('app.auth.reset.confirm')}
              type="password"
              autoComplete="new-password"
              required
            />
            <FormRequiredMarker />
            <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={form.formState.isSubmitting}>
              {translate('app.auth.reset.submit')}
            </Button>
            <Link component={RouterLink} to="/login" variant="body2" sx={{ display: 'block', mt: 2 }}>
              {translate('app.auth.forgot.back')}
            </Link>
          </Box>
        </FormProvider>
      )}
    </AuthCard>
  );
};
