import type { ReactNode } from 'react';
import { Box, Container, LinearProgress } from '@mui/material';
import { TitlePortal, useAuthenticated } from 'react-admin';
import { Navigate, useNavigate } from 'react-router-dom';
import { useAppContext } from '../appContext';
import { AppHeader } from './AppHeader';
import { Footer } from './Footer';
import { APP_EVENTS } from '../http';
import { useWindowEvent } from '../components/useWindowEvent';
import { AppChangedDialog } from './dialogs';

/** 'A 403 authorization error sends the user to /' (spec section 6), whichever call met it. */
function useForbiddenGoesHome(): void {
  const navigate = useNavigate();
  useWindowEvent(APP_EVENTS.forbidden, () => navigate('/', { replace: true }));
}

/**
 * The console's frame for every signed-in screen: it checks the session, sends users with no
 * current account to /select-account, sends users refused by any call (403) to /, and mounts
 * the 'Application Changed' dialog once (the Error dialog sits with the notifications).
 */
export const Layout = ({ children }: { children: ReactNode }) => {
  useAuthenticated();
  useForbiddenGoesHome();
  const { data: context } = useAppContext();
  if (!context) return <LinearProgress />;
  if (!context.account) return <Navigate to="/select-account" replace />;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppHeader context={context} />
      <Container component="main" maxWidth="xl" sx={{ flex: 1, py: 3 }}>
        <TitlePortal variant="h5" sx={{ fontWeight: 600, mb: 1 }} />
        {children}
      </Container>
      <Footer />
      <AppChangedDialog />
    </Box>
  );
};
