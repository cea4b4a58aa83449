import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { IMAGE_SIZES } from '#shared/domain/constants';
import type { PageInput } from '#shared/domain/schemas/page';
import type { AccountSummary } from '#shared/domain/types';
import { brandTheme } from '#shared/domain/brandColors';
import { hasFeature } from '#shared/domain/plans';
import { PreviewBanner, PreviewHeader, PreviewPickers, PreviewSendButton } from '../../components/CapturePreviewParts';
import { PreviewAgreement, PreviewCheck, PreviewFanFields } from './PreviewFanFields';

const { width, height } = IMAGE_SIZES.mobilePreview;

/**
 * The capture page as a fan sees it on a phone (a 428x544 window), drawn from the unsaved
 * form values, so every switch shows its effect before saving. Like the page: a banner only when
 * there is an image, Choose and Record in the secondary colour, Send in the primary.
 */
export const PagePhonePreview = ({ account, showAd }: { account: AccountSummary; showAd: boolean }) => {
  const translate = useTranslate();
  const page = useWatch() as PageInput;
  const theme = brandTheme(account.primaryColor, account.secondaryColor);
  const adImage = showAd ? page.adImage : null;
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
        <Stack spacing={2} sx={{ p: 2 }}>
          <Typography component="p" sx={{ fontSize: '1.6rem', fontWeight: 700, lineHeight: 1.2 }}>
            {page.title || '…'}
          </Typography>
          {page.allowSubmissions ? (
            <>
              <PreviewPickers theme={theme} photos={hasFeature(account.planLimits, 'images')} />
              <PreviewFanFields page={page} />
              {page.captureMarketingConsent && <PreviewCheck text={page.marketingConsent || '…'} />}
              {(page.customTerms ?? []).map((term, index) => (
                <PreviewCheck key={index} text={term || '…'} />
              ))}
              <PreviewAgreement />
              <PreviewSendButton theme={theme} />
            </>
          ) : (
            <Typography color="text.secondary">{translate('resources.pages.preview.closed')}</Typography>
          )}
          {adImage && <Box component="img" src={adImage} alt={translate('resources.pages.preview.adAlt')} sx={{ width: '100%', borderRadius: 1 }} />}
        </Stack>
      </Box>
    </Box>
  );
};
