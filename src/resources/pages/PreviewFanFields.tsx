import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { captureFieldRows, LISTED_CAPTURE_FIELDS, OPTIONAL_CAPTURE_FIELDS } from '#shared/domain/captureFields';
import type { PageInput } from '#shared/domain/schemas/page';
import { PAGE_COLORS, PreviewLabel } from '../../components/CapturePreviewParts';

/** One input as the page draws it: its label (a red star when required) over an empty white box. */
const PreviewInput = ({ label, listed, hint, required }: { label: string; listed: boolean; hint?: string; required: boolean }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: '6px', minWidth: 0 }}>
      <PreviewLabel text={label} required={required} />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          minHeight: 46,
          px: 1.5,
          border: `1px solid ${PAGE_COLORS.border}`,
          borderRadius: '8px',
          bgcolor: '#fff',
          color: PAGE_COLORS.muted,
          fontSize: 16,
        }}
      >
        {listed && (
          <>
            <span>{translate('resources.pages.preview.form.choose')}</span>
            <span aria-hidden="true">▾</span>
          </>
        )}
      </Box>
      {hint && <Typography sx={{ fontSize: 13.6, color: PAGE_COLORS.muted }}>{hint}</Typography>}
    </Box>
  );
};

/** The fan form's inputs in the page's rows and order (captureFieldRows), labelled in the page's words. */
export const PreviewFanFields = ({ page }: { page: PageInput }) => {
  const translate = useTranslate();
  const word = (name: string) => translate(`resources.pages.preview.form.${name}`);
  return (
    <>
      {captureFieldRows(page).map((row) => (
        <Box key={row.join()} data-testid="preview-row" sx={{ display: 'grid', gap: 2, gridTemplateColumns: row.length > 1 ? '1fr 1fr' : '1fr' }}>
          {row.map((name) => {
            const optional = OPTIONAL_CAPTURE_FIELDS.includes(name);
            return (
              <PreviewInput
                key={name}
                label={word(name)}
                listed={LISTED_CAPTURE_FIELDS.includes(name)}
                hint={optional ? word('handleHint') : undefined}
                required={!optional}
              />
            );
          })}
        </Box>
      ))}
    </>
  );
};

/** A box to tick with its text (the marketing consent, a custom term), as the page draws it. */
export const PreviewCheck = ({ text }: { text: string }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: '24px 1fr', gap: '10px', alignItems: 'start', fontSize: 15, color: PAGE_COLORS.text }}>
    <Box aria-hidden="true" sx={{ width: 22, height: 22, mt: '1px', border: `1px solid ${PAGE_COLORS.border}`, borderRadius: '4px', bgcolor: '#fff' }} />
    <span>{text}</span>
  </Box>
);

/** The line under the form that links the account's terms. */
export const PreviewAgreement = () => {
  const translate = useTranslate();
  // Not src/capture/Filled: what the console imports from src/capture is built on Preact (vite.config.ts).
  const [before, after = ''] = translate('resources.pages.preview.form.agree', { terms: '\u0000' }).split('\u0000');
  return (
    <Typography sx={{ fontSize: 13.6, color: PAGE_COLORS.muted }}>
      {before}
      <Box component="span" sx={{ textDecoration: 'underline' }}>
        {translate('resources.pages.preview.form.terms')}
      </Box>
      {after}
    </Typography>
  );
};
