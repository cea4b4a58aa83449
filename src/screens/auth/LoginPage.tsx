import { useState } from 'react';
import { Alert, Button, Link, Stack } from '@mui/material';
import { Form, SaveButton, TextInput, useLogin, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { loginSchema, type LoginInput } from '#shared/domain/schemas/auth';
import { apiErrorCode } from '../../apiError';
import { STORAGE_KEYS } from '../../http';
import { authFlows } from '../../authProvider';
import { useZodResolver } from '../../forms/zodResolver';
import { FormRequiredMarker } from '../../forms/FormNotices';
import { AuthCard } from './AuthCard';

type Notice = { kind: 'notVerified'; credentials: LoginInput } | { kind: 'resent'; email: string } | { kind: 'error'; text: string };

/** Which sign-in notice of spec section 8 an answer of POST /api/auth means. */
export function noticeFor(error: unknown, credentials: LoginInput): Notice {
  const code = apiErrorCode(error);
  if (code === 'EmailNotVerifiedError') return { kind: 'notVerified', credentials };
  if (code === 'AccountNotFoundError') return { kind: 'error', text: 'app.auth.login.accountNotFound' };
  if (code === 'AuthenticationError') return { kind: 'error', text: 'app.auth.login.accessDenied' };
  if (code && error instanceof Error) return { kind: 'error', text: error.message };
  return { kind: 'error', text: 'ra.notification.http_error' };
}

export const LoginPage = () => {
  const translate = useTranslate();
  const login = useLogin();
  const [notice, setNotice] = useState<Notice>();
  const [expired] = useState(() => {
    const value = localStorage.getItem(STORAGE_KEYS.sessionExpired);
    localStorage.removeItem(STORAGE_KEYS.sessionExpired);
    return !!value;
  });
  const resolver = useZodResolver(loginSchema);

  const submit = async (values: LoginInput) => {
    setNotice(undefined);
    try {
      await login(values);
    } catch (error) {
      setNotice(noticeFor(error, values));
    }
  };

  const resend = async (credentials: LoginInput) => {
    try {
      await authFlows.sendVerifyEmail(credentials);
      setNotice({ kind: 'resent', email: credentials.email });
    } catch (error) {
      setNotice({ kind: 'error', text: error instanceof Error ? error.message : 'ra.notification.http_error' });
    }
  };

  return (
    <AuthCard title={translate('app.auth.login.title')}>
      {expired && !notice && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('app.auth.login.sessionExpired')}
        </Alert>
      )}
      {notice?.kind === 'notVerified' && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => resend(notice.credentials)}>
              {translate('app.auth.login.resend')}
            </Button>
          }
        >
          {translate('app.auth.login.emailNotVerified')}
        </Alert>
      )}
      {notice?.kind === 'resent' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate('app.auth.login.resent', { email: notice.email })}
        </Alert>
      )}
      {notice?.kind === 'error' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate(notice.text, { _: notice.text })}
        </Alert>
      )}
      <Form
        onSubmit={(values: FieldValues) => submit(values as LoginInput)}
        resolver={resolver}
        defaultValues={{ email: '', password: '' }}
        disableInvalidFormNotification
        noValidate
      >
        <TextInput source="email" label="app.auth.login.email" type="email" autoComplete="email" autoFocus isRequired />
        <TextInput source="password" label="app.auth.login.password" type="password" autoComplete="current-password" isRequired />
        <FormRequiredMarker />
        <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mt: 2 }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            {translate('app.auth.login.forgot')}
          </Link>
          <SaveButton label="app.auth.login.submit" icon={<></>} alwaysEnable />
        </Stack>
      </Form>
    </AuthCard>
  );
};
