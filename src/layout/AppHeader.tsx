import { AppBar, Box, Toolbar, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AppContext } from '#shared/domain/types';
import { MainNav } from './MainNav';
import { HelpButton } from './HelpButton';
import { UserMenu } from './UserMenu';

/** The header: the account's logo (or the product name), main navigation, help and user menu. */
export const AppHeader = ({ context }: { context: AppContext }) => {
  const translate = useTranslate();
  const logo = context.account?.headerImage;
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', borderTop: 3, borderTopColor: 'primary.main' }}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        <Box
          component={Link}
          to="/"
          sx={{ display: 'flex', alignItems: 'center', textDecoration: 'none', color: 'inherit', mr: { xs: 0, sm: 2 }, minWidth: 0 }}
        >
          {logo ? (
            <Box component="img" src={logo} alt={context.account?.name} sx={{ maxHeight: 40, maxWidth: 140 }} />
          ) : (
            // On a phone the name takes two lines beside a long section name (French) rather than an ellipsis.
            <Typography
              variant="h6"
              sx={{
                fontWeight: 700,
                color: 'primary.main',
                fontSize: { xs: '0.9375rem', sm: '1.25rem' },
                lineHeight: { xs: 1.2, sm: 1.6 },
                whiteSpace: { sm: 'nowrap' },
              }}
            >
              {translate('app.name')}
            </Typography>
          )}
        </Box>
        <MainNav />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, ml: 'auto', flexShrink: 0 }}>
          <HelpButton context={context} />
          <UserMenu context={context} />
        </Box>
      </Toolbar>
    </AppBar>
  );
};
