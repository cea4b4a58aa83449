import { useState } from 'react';
import { Alert, Link, Stack, Typography } from '@mui/material';
import { Form, SaveButton, TextInput, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { forgotPasswordSchema } from '#shared/domain/schemas/auth';
import { authFlows } from '../../authProvider';
import { useZodResolver } from '../../forms/zodResolver';
import { AuthCard } from './AuthCard';

/** /forgot-password: after submitting it always shows the sent state (never tells if the email exists). */
export const ForgotPasswordPage = () => {
  const translate = useTranslate();
  const [sentTo, setSentTo] = useState<string>();
  const resolver = useZodResolver(forgotPasswordSchema);

  const submit = async ({ email }: FieldValues) => {
    try {
      await authFlows.forgotPassword(email);
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
        <Form onSubmit={submit} resolver={resolver} defaultValues={{ email: '' }} disableInvalidFormNotification noValidate>
          <Typography variant="body2" color="text.secondary">
            {translate('app.auth.forgot.intro')}
          </Typography>
          <TextInput source="email" label="app.auth.login.email" type="email" autoComplete="email" autoFocus isRequired />
          <SaveButton label="app.auth.forgot.submit" icon={<></>} alwaysEnable fullWidth sx={{ mt: 2 }} />
        </Form>
      )}
      <Stack sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/login" variant="body2">
          {translate('app.auth.forgot.back')}
        </Link>
      </Stack>
    </AuthCard>
  );
};
