import { useEffect, useRef, useState } from 'react';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
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
  const [state, setState] = useState<{ status: 'working' | 'done' | 'failed'; message?: string }>({ status: 'working' });

  // Tokens are single-use: one request per page, even when effects run twice.
  const verification = useRef<Promise<unknown>>(undefined);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    verification.current ??= authFlows.verifyEmail(token ?? '');
    verification.current.then(
      () => {
        setState({ status: 'done' });
        timer = setTimeout(() => navigate('/'), REDIRECT_DELAY_MS);
      },
      (error: unknown) => setState({ status: 'failed', message: error instanceof Error ? error.message : undefined }),
    );
    return () => clearTimeout(timer);
  }, [token, navigate]);

  return (
    <AuthCard title={translate('app.auth.verify.title')}>
      {state.status === 'working' && (
        <Stack direction="row" spacing={2} alignItems="center">
          <CircularProgress size={20} />
          <Typography>{translate('app.auth.verify.working')}</Typography>
        </Stack>
      )}
      {state.status === 'done' && <Alert severity="success">{translate('app.auth.verify.done')}</Alert>}
      {state.status === 'failed' && (
        <>
          <Alert severity="error">{state.message ?? translate('app.auth.verify.failed')}</Alert>
          <Button component={RouterLink} to="/login" sx={{ mt: 2 }}>
            {translate('app.auth.verify.signIn')}
          </Button>
        </>
      )}
    </AuthCard>
  );
};
