import { useState } from 'react';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { forgotPasswordSchema } from '../../domain/schemas/auth';
import { request } from '../../http';
import { useZodResolver } from '../../forms/zodResolver';
import { FormTextField } from '../../forms/FormTextField';
import { AuthCard } from './AuthCard';

/** /forgot-password: after submitting it always shows the sent state (never tells if the email exists). */
export const ForgotPasswordPage = () => {
  const translate = useTranslate();
  const [sentTo, setSentTo] = useState<string>();
  const form = useForm<{ email: string }>({ resolver: useZodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const submit = async ({ email }: { email: string }) => {
    try {
      await request('/api/auth/forgot-password', { method: 'POST', body: { email }, handleAuthErrors: false });
    } catch {
      // The sent state shows whatever happened, as the spec asks.
    }
    setSentTo(email);
  };

  return (
    <AuthCard title={translate('app.auth.forgot.title')}>
      {sentTo ? (
        <Alert severity="success">{translate('app.auth.forgot.sent', { email: sentTo })}</Alert>
      ) : (
        <FormProvider {...form}>
          <Box component="form" noValidate onSubmit={form.handleSubmit(submit)}>
            <Typography variant="body2" color="text.secondary">
              {translate('app.auth.forgot.intro')}
            </Typography>
            <FormTextField name="email" label={translate('app.auth.login.email')} type="email" autoComplete="email" autoFocus required />
            <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={form.formState.isSubmitting}>
              {translate('app.auth.forgot.submit')}
            </Button>
          </Box>
        </FormProvider>
      )}
      <Stack sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/login" variant="body2">
          {translate('app.auth.forgot.back')}
        </Link>
      </Stack>
    </AuthCard>
  );
};
