import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { NEUTRAL_PICKER, type BrandTheme } from '#shared/domain/brandColors';
import { HEADER_LOGO_MAX_HEIGHT } from '#shared/domain/constants';

/**
 * The capture page's parts that show the account's two colours, drawn as capture.html draws them
 * on a phone, for the console's previews (Configuration and a page's phone preview).
 */

/** The capture page's text and input colours (capture.html). */
export const PAGE_COLORS = { text: '#1b1f24', muted: '#57606a', error: '#b42318', border: '#8c959f' };

/** A field's label as the page writes it: bold, a red star when the fan must answer. */
export const PreviewLabel = ({ text, required }: { text: string; required: boolean }) => (
  <Typography component="span" sx={{ fontWeight: 600, fontSize: 15, color: PAGE_COLORS.text }}>
    {text}
    {required && (
      <Box component="span" aria-hidden="true" sx={{ color: PAGE_COLORS.error }}>
        {' *'}
      </Box>
    )}
  </Typography>
);

const BOX = { display: 'flex', alignItems: 'center', justifyContent: 'center', textAlign: 'center', borderRadius: '10px', fontSize: 14 } as const;

/** The file the fan sends, then Choose and Record side by side: filled with the secondary colour, else a neutral dashed outline. */
export const PreviewPickers = ({ theme, photos }: { theme: BrandTheme; photos: boolean }) => {
  const translate = useTranslate();
  const sx = {
    ...BOX,
    minHeight: 44,
    p: 1,
    fontWeight: 600,
    border: '2px dashed',
    borderColor: theme.secondary ?? NEUTRAL_PICKER.border,
    bgcolor: theme.secondary ?? NEUTRAL_PICKER.background,
    color: theme.secondary ? theme.onSecondary : 'inherit',
  };
  return (
    <Box sx={{ display: 'grid', gap: '6px' }}>
      <PreviewLabel text={translate(photos ? 'resources.pages.preview.yourVideoOrPhoto' : 'resources.pages.preview.yourVideo')} required />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <Box sx={sx}>{translate(photos ? 'resources.pages.preview.chooseVideoOrPhoto' : 'resources.pages.preview.chooseVideo')}</Box>
        <Box sx={sx}>{translate('resources.pages.preview.record')}</Box>
      </Box>
    </Box>
  );
};

/** The page's banner (16:9), only when there is an image: a page without one has none. */
export const PreviewBanner = ({ image }: { image: string | null | undefined }) => {
  const translate = useTranslate();
  if (!image) return null;
  return (
    <Box
      role="img"
      aria-label={translate('resources.pages.preview.banner')}
      data-src={image}
      sx={{ aspectRatio: '16 / 9', background: `center / cover no-repeat url("${image.replace(/"/g, '%22')}")` }}
    />
  );
};

/** The Send button, filled with the primary colour. */
export const PreviewSendButton = ({ theme }: { theme: BrandTheme }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ ...BOX, minHeight: 42, fontWeight: 700, bgcolor: theme.primary, color: theme.onPrimary }}>{translate('resources.pages.preview.submit')}</Box>
  );
};

/** The account's bar: its logo (or name) on a dark or light bar, and its header links, the primary one in the primary colour. */
export const PreviewHeader = ({
  name,
  headerImage,
  lightHeader,
  links,
  theme,
}: {
  name: string;
  headerImage?: string | null;
  lightHeader?: boolean;
  links: { label?: string; primary?: boolean }[];
  theme: BrandTheme;
}) => (
  <Stack
    direction="row"
    alignItems="center"
    useFlexGap
    gap={1.5}
    sx={{
      px: 2,
      py: 1.5,
      bgcolor: lightHeader ? '#fff' : '#111827',
      color: lightHeader ? '#111827' : '#fff',
      borderBottom: 1,
      borderColor: 'divider',
      flexWrap: 'wrap',
    }}
  >
    {headerImage ? (
      <Box component="img" src={headerImage} alt={name} sx={{ maxHeight: HEADER_LOGO_MAX_HEIGHT, maxWidth: 120, mr: 'auto' }} />
    ) : (
      <Typography fontWeight={700} sx={{ mr: 'auto', fontSize: '1.05rem' }}>
        {name}
      </Typography>
    )}
    {links.length > 0 && (
      // The links wrap as one group, as the page's nav does: beside the name when they fit, else on a row of their own.
      <Stack direction="row" alignItems="center" useFlexGap columnGap={1.75} rowGap={0.75} sx={{ flexWrap: 'wrap', fontSize: '0.95rem' }}>
        {links.map((link, index) => (
          <Box
            key={index}
            component="span"
            sx={
              link.primary ? { py: 0.75, px: 1.75, borderRadius: 999, fontWeight: 600, bgcolor: theme.primary, color: theme.onPrimary } : { py: 0.75, px: 0.25 }
            }
          >
            {link.label || '…'}
          </Box>
        ))}
      </Stack>
    )}
  </Stack>
);
