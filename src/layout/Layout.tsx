import type { ReactNode } from 'react';
import { Box, Container, LinearProgress } from '@mui/material';
import { TitlePortal, useAuthenticated } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { useAppContext } from '../appContext';
import { AppHeader } from './AppHeader';
import { Footer } from './Footer';
import { AppChangedDialog, ErrorDialog } from './dialogs';

/**
 * The console's frame for every signed-in screen: it checks the session, sends users with no
 * current account to /select-account, and mounts the app-wide dialogs once.
 */
export const Layout = ({ children }: { children: ReactNode }) => {
  useAuthenticated();
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
      <ErrorDialog />
    </Box>
  );
};
