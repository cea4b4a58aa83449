import { Box, Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { IMAGE_SIZES } from '#shared/domain/constants';
import type { PageInput } from '#shared/domain/schemas/page';
import type { AccountSummary } from '#shared/domain/types';
import { countryForced } from '#shared/domain/schemas/page';
import { brandTheme } from '#shared/domain/brandColors';
import { hasFeature } from '#shared/domain/plans';
import { PreviewBanner, PreviewHeader, PreviewPickers, PreviewSendButton } from '../../components/CapturePreviewParts';
import { listItems } from './pageRecord';

const { width, height } = IMAGE_SIZES.mobilePreview;

const PreviewField = ({ label, choices }: { label: string; choices?: string[] }) => (
  <TextField size="small" label={label} select={!!choices} value="" fullWidth disabled slotProps={{ inputLabel: { shrink: true } }}>
    {(choices ?? []).map((choice) => (
      <MenuItem key={choice} value={choice}>
        {choice}
      </MenuItem>
    ))}
  </TextField>
);

/**
 * The capture page as a fan sees it on a phone (a 428x544 window), drawn from the unsaved
 * form values, so every switch shows its effect before saving. Like the page: a banner only when
 * there is an image, Choose and Record in the secondary colour, Send in the primary.
 */
export const PagePhonePreview = ({ account, showAd }: { account: AccountSummary; showAd: boolean }) => {
  const translate = useTranslate();
  const page = useWatch() as PageInput;
  const field = (name: string) => translate(`resources.pages.fields.${name}`);
  const theme = brandTheme(account.primaryColor, account.secondaryColor);
  const adImage = showAd ? page.adImage : null;
  const country = page.captureCountry || countryForced(page);
  return (
    <Box role="figure" aria-label={translate('resources.pages.preview.title')}>
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {translate('resources.pages.preview.title')}
      </Typography>
      {/* It scrolls like a phone, so keyboard users can focus it to scroll too. */}
      <Box
        data-testid="phone-preview"
        tabIndex={0}
        role="region"
        aria-label={translate('resources.pages.preview.title')}
        sx={{ width, maxWidth: '100%', height, overflowY: 'auto', border: 8, borderColor: 'grey.900', borderRadius: 4, bgcolor: '#fff', color: '#111827' }}
      >
        <PreviewHeader name={account.name} headerImage={account.headerImage} lightHeader={account.lightHeader} links={account.links.header} theme={theme} />
        <PreviewBanner image={page.image || account.image} />
        <Stack spacing={1.5} sx={{ p: 2 }}>
          <Typography variant="h6" component="p" sx={{ lineHeight: 1.3 }}>
            {page.title || '…'}
          </Typography>
          {page.allowSubmissions ? (
            <>
              <PreviewPickers theme={theme} photos={hasFeature(account.planLimits, 'images')} />
              {page.captureName && (
                <Stack direction="row" spacing={1}>
                  <PreviewField label={translate('resources.pages.preview.firstName')} />
                  <PreviewField label={translate('resources.pages.preview.lastName')} />
                </Stack>
              )}
              {page.captureEmail && <PreviewField label={field('captureEmail')} />}
              {country && <PreviewField label={field('captureCountry')} choices={[]} />}
              {page.captureCityState && <PreviewField label={field('captureCityState')} />}
              {page.captureZip && <PreviewField label={field('captureZip')} />}
              {page.captureDob && <PreviewField label={field('captureDob')} />}
              {page.capturePhone && <PreviewField label={field('capturePhone')} />}
              {page.captureInstagram && <PreviewField label={field('captureInstagram')} />}
              {page.captureTiktok && <PreviewField label={field('captureTiktok')} />}
              {page.captureVenueCity && <PreviewField label={field('captureVenueCity')} choices={listItems(page.venueCities)} />}
              {page.captureSongList && <PreviewField label={field('captureSongList')} choices={listItems(page.songList)} />}
              {page.captureArtist && <PreviewField label={field('captureArtist')} choices={listItems(page.artistList)} />}
              {page.captureMarketingConsent && (
                <FormControlLabel control={<Checkbox size="small" disabled />} label={<Typography variant="caption">{page.marketingConsent}</Typography>} />
              )}
              {(page.customTerms ?? []).map((term, index) => (
                <FormControlLabel key={index} control={<Checkbox size="small" disabled />} label={<Typography variant="caption">{term || '…'}</Typography>} />
              ))}
              <PreviewSendButton theme={theme} />
            </>
          ) : (
            <Typography color="text.secondary">{translate('resources.pages.preview.closed')}</Typography>
          )}
          {adImage && (
            <Box component="img" src={adImage} alt={translate('resources.pages.preview.adAlt')} sx={{ width: '100%', borderRadius: 1 }} />
          )}
        </Stack>
      </Box>
    </Box>
  );
};
