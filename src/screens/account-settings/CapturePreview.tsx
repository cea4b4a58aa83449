import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { AccountSettingsInput } from '#shared/domain/schemas/account';
import { HEADER_LOGO_MAX_HEIGHT } from '#shared/domain/constants';
import { DEFAULT_PRIMARY } from '#shared/domain/brandColors';

/** The banner's second colour when the account has none (the first is the primary colour). */
export const DEFAULT_SECONDARY = '#db2777';

/** How the header and links will look on a capture page, from the unsaved form values. */
export const CapturePreview = ({ accountName }: { accountName: string }) => {
  const translate = useTranslate();
  const values = useWatch() as Partial<AccountSettingsInput>;
  const light = !!values.lightHeader;
  const primary = values.primaryColor || DEFAULT_PRIMARY;
  const header = values.links?.header ?? [];
  const footer = values.links?.footer ?? [];
  return (
    <Box aria-label={translate('app.accountSettings.preview')} role="figure">
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {translate('app.accountSettings.preview')}
      </Typography>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', bgcolor: '#fff' }}>
        <Stack
          direction="row"
          alignItems="center"
          spacing={1.5}
          sx={{ px: 2, py: 1.5, bgcolor: light ? '#fff' : '#111827', color: light ? '#111827' : '#fff', borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}
        >
          {values.headerImage ? (
            <Box component="img" src={values.headerImage} alt={accountName} sx={{ maxHeight: HEADER_LOGO_MAX_HEIGHT, maxWidth: 120, mr: 'auto' }} />
          ) : (
            <Typography fontWeight={700} sx={{ mr: 'auto' }}>
              {accountName}
            </Typography>
          )}
          {header.map((link, index) =>
            link.primary ? (
              <Button key={index} size="small" variant="contained" sx={{ bgcolor: primary }}>
                {link.label || '…'}
              </Button>
            ) : (
              <Link key={index} color="inherit" underline="hover" variant="body2" component="span">
                {link.label || '…'}
              </Link>
            ),
          )}
        </Stack>
        <Box
          sx={{
            aspectRatio: values.image ? '16 / 9' : undefined,
            height: values.image ? undefined : 90,
            background: values.image
              ? `center / cover no-repeat url("${values.image.replace(/"/g, "%22")}")`
              : `linear-gradient(135deg, ${primary}, ${values.secondaryColor || DEFAULT_SECONDARY})`,
          }}
        />
        <Stack direction="row" spacing={2} justifyContent="center" sx={{ py: 1.5, flexWrap: 'wrap' }}>
          {footer.map((link, index) => (
            <Typography key={index} variant="caption" color="text.secondary">
              {link.label || '…'}
            </Typography>
          ))}
        </Stack>
      </Box>
    </Box>
  );
};
