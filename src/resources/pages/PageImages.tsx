import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Upsell } from '../../components/Upsell';
import { FormTextField } from '../../forms/FormTextField';
import type { PageRecord } from './pageRecord';

const CurrentImage = ({ src, label }: { src: string | null; label: string }) => (
  <Box>
    <Typography variant="body2" color="text.secondary" gutterBottom>
      {label}
    </Typography>
    {src ? <Box component="img" src={src} alt={label} sx={{ maxWidth: 240, borderRadius: 1 }} /> : <Typography variant="body2">—</Typography>}
  </Box>
);

/** The banner image, and the ad image with its link (ads need a plan that has them). */
export const PageImages = ({ page, canEdit, adsAllowed }: { page: PageRecord; canEdit: boolean; adsAllowed: boolean }) => {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <CurrentImage src={page.image} label={translate('resources.pages.fields.image')} />
      {!adsAllowed && <Upsell id="page_ads" />}
      <CurrentImage src={page.adImage} label={translate('resources.pages.fields.adImage')} />
      <FormTextField name="adUrl" type="url" label={translate('resources.pages.fields.adUrl')} disabled={!canEdit || !adsAllowed} />
    </Stack>
  );
};
