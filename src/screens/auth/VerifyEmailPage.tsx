import { useEffect } from 'react';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { authFlows } from '../../authProvider';
import { AuthCard } from './AuthCard';

const REDIRECT_DELAY_MS = 2000;

/** /verify-email/:token: shows 'Email verified' and then goes to the start page. */
export const VerifyEmailPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { token } = useParams();
  // Tokens are single-use: one request per token, never retried or read again while the console runs.
  const { isSuccess: done, error } = useQuery({
    queryKey: ['verify-email', token ?? ''],
    // A query's data may not be undefined: true once verified.
    queryFn: () => authFlows.verifyEmail(token ?? '').then(() => true),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <AuthCard title={translate('app.auth.verify.title')}>
      {!done && !error && (
        <Stack direction="row" spacing={2} alignItems="center">
          <CircularProgress size={20} />
          <Typography>{translate('app.auth.verify.working')}</Typography>
        </Stack>
      )}
      {done && <Alert severity="success">{translate('app.auth.verify.done')}</Alert>}
      {error && (
        <>
          <Alert severity="error">{error.message || translate('app.auth.verify.failed')}</Alert>
          <Button component={RouterLink} to="/login" sx={{ mt: 2 }}>
            {translate('app.auth.verify.signIn')}
          </Button>
        </>
      )}
    </AuthCard>
  );
};
