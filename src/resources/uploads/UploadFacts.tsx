import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/format';
import type { UploadDetailRecord } from './uploadRecord';
import { usStateName } from '#shared/domain/regions';
import { submittedFieldsSchema, type SubmittedFields } from '#shared/domain/schemas/fanData';

/** What the fan submitted, in the order the submission lists it. */
const FIELDS = submittedFieldsSchema.keyof().options;

/** Countries and US states are stored as codes and shown as names (the country in the console's language). */
function shown(field: keyof SubmittedFields, submission: SubmittedFields, countryName: (code: string) => string): string {
  const value = submission[field] ?? '';
  if (field === 'country') return countryName(value);
  if (field === 'state' && submission.country === 'US') return usStateName(value);
  return value;
}

const Heading = ({ children }: { children: string }) => (
  <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
    {children}
  </Typography>
);

/** What the fan submitted, the consent given, the moderation labels and the history of the upload. */
export const UploadFacts = ({ detail, resource }: { detail?: UploadDetailRecord; resource: string }) => {
  const translate = useTranslate();
  const format = useFormat();
  const t = (key: string, args?: Record<string, unknown>) => translate(`resources.${resource}.dialog.${key}`, args);
  if (!detail) return null;
  const submission = detail.submission;
  const filled = submission ? FIELDS.filter((field) => submission[field]) : [];
  const labels = detail.uploadModerationJob.moderationLabels as {
    name?: string;
    label?: string;
    className?: string;
    confidence?: number;
    probability?: number;
  }[];
  return (
    <Stack spacing={0.5}>
      <Heading>{t('fan')}</Heading>
      {filled.length ? (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 2,
            rowGap: 0.25,
            m: 0,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          {filled.map((field) => (
            <Box key={field} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2">
                {translate(`resources.${resource}.fields.${field}`)}
              </Typography>
              <Typography component="dd" variant="body2">
                {shown(field, submission!, format.country)}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <Typography variant="body2">{t('none')}</Typography>
      )}
      {detail.consent && (
        <>
          <Heading>{t('consent')}</Heading>
          <Typography variant="body2">
            {t('marketingConsent')}: {t(detail.consent.marketingConsent ? 'yes' : 'no')}
          </Typography>
          {detail.consent.termsAccepted.length > 0 && (
            <Typography variant="body2">
              {t('termsAccepted')}: {detail.consent.termsAccepted.map((term) => (typeof term === 'string' ? term : JSON.stringify(term))).join('; ')}
            </Typography>
          )}
        </>
      )}
      <Heading>{t('moderation')}</Heading>
      <Typography variant="body2">
        {labels.length
          ? labels
              .map((label) => {
                const name = label.name ?? label.label ?? label.className ?? '?';
                const score = label.confidence ?? label.probability;
                return typeof score === 'number' ? `${name} ${Math.round(score * (score <= 1 ? 100 : 1))}%` : name;
              })
              .join(', ')
          : t('noLabels')}
      </Typography>
      <Heading>{t('history')}</Heading>
      {detail.history.length ? (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {detail.history.map((event, index) => (
            <Typography component="li" variant="body2" key={`${event.at}-${index}`}>
              {t(`events.${event.action}`, { _: event.action })} {event.by ? t('by', { name: event.by.name || event.by.email }) : t('system')} ·{' '}
              {format.dateTime(event.at)}
            </Typography>
          ))}
        </Box>
      ) : (
        <Typography variant="body2">{t('noHistory')}</Typography>
      )}
    </Stack>
  );
};
