import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { HEADER_LOGO_MAX_HEIGHT } from '#shared/domain/constants';
import type { AdminUser } from '../records';
import defaultHeaderLogo from './assets/default-header-logo.svg';

/** The account header element: the account's header logo on a light or dark background, or the default image. */
export const AccountHeaderPreview = ({ account }: { account: AdminUser['account'] }) => {
  const translate = useTranslate();
  const light = account?.lightHeader ?? false;
  const src = account?.headerImage || defaultHeaderLogo;
  const alt = account?.headerImage
    ? translate('resources.admin/users.header.logoAlt', { name: account.name })
    : translate('resources.admin/users.header.defaultAlt');
  return (
    <Card component="section" aria-label={translate('resources.admin/users.header.title')}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate('resources.admin/users.header.title')}
        </Typography>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {account ? translate('resources.admin/users.header.account', { name: account.name }) : translate('resources.admin/users.header.noAccount')}
          </Typography>
          <Chip size="small" variant="outlined" label={translate(`resources.admin/users.header.${light ? 'light' : 'dark'}`)} />
        </Stack>
        <Box
          data-testid="account-header"
          data-light={light ? 'true' : 'false'}
          sx={{
            display: 'flex',
            alignItems: 'center',
            px: 2,
            height: HEADER_LOGO_MAX_HEIGHT + 24,
            borderRadius: 1,
            bgcolor: light ? '#ffffff' : '#1f2430',
            border: 1,
            borderColor: light ? 'divider' : '#1f2430',
          }}
        >
          <Box component="img" src={src} alt={alt} sx={{ maxHeight: HEADER_LOGO_MAX_HEIGHT, maxWidth: 240, objectFit: 'contain' }} />
        </Box>
      </CardContent>
    </Card>
  );
};
