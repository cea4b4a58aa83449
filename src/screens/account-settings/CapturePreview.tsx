import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { AccountSettingsInput } from '#shared/domain/schemas/account';
import { brandTheme, NEUTRAL_PICKER } from '#shared/domain/brandColors';
import { PreviewBanner, PreviewHeader, PreviewPickers, PreviewSendButton } from '../../components/CapturePreviewParts';

/** What the colour field shows while the secondary colour is unset: the neutral pickers' outline. */
export const DEFAULT_SECONDARY = NEUTRAL_PICKER.border;

/**
 * How the header, links, main image and colours will look on a capture page, from the unsaved
 * form values: the primary colour on the primary link and Send, the secondary on Choose and Record.
 */
export const CapturePreview = ({ accountName, photos }: { accountName: string; photos: boolean }) => {
  const translate = useTranslate();
  const values = useWatch() as Partial<AccountSettingsInput>;
  const light = !!values.lightHeader;
  const theme = brandTheme(values.primaryColor, values.secondaryColor);
  const header = values.links?.header ?? [];
  const footer = values.links?.footer ?? [];
  return (
    <Box aria-label={translate('app.accountSettings.preview')} role="figure">
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {translate('app.accountSettings.preview')}
      </Typography>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', bgcolor: '#fff' }}>
        <PreviewHeader name={accountName} headerImage={values.headerImage} lightHeader={light} links={header} theme={theme} />
        <PreviewBanner image={values.image} />
        <Stack spacing={1.5} sx={{ p: 2, color: '#111827' }}>
          <PreviewPickers theme={theme} photos={photos} />
          <PreviewSendButton theme={theme} />
        </Stack>
        <Stack direction="row" spacing={2} justifyContent="center" sx={{ py: 1.5, flexWrap: 'wrap', borderTop: 1, borderColor: 'divider' }}>
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
