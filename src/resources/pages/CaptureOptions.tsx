import type { ChangeEvent } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { countryForced } from '#shared/domain/schemas/page';
import { CaptureSwitch } from './CaptureSwitch';

/** The switches that turn country on (countryForced). */
const FORCING = new Set<string>(['captureCityState', 'capturePhone']);
const PERSONAL = ['captureEmail', 'captureName', 'captureCityState', 'captureZip', 'captureDob', 'capturePhone', 'captureInstagram', 'captureTiktok'] as const;

/**
 * The fan details a capture page asks for. Country follows City / State and Phone: while
 * either is on, country is on and its switch is locked (the server enforces the same).
 */
export const CaptureOptions = ({ disabled }: { disabled: boolean }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const [captureCityState, capturePhone] = useWatch({ name: ['captureCityState', 'capturePhone'] }) as [boolean, boolean];
  const forced = countryForced({ captureCityState, capturePhone });
  // Turning City / State or Phone on turns country on with it (the server keeps the same rule).
  const forceCountry = (event: ChangeEvent<HTMLInputElement>) => {
    if (event.target.checked) setValue('captureCountry', true, { shouldDirty: true });
  };
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {translate('resources.pages.edit.captureHint')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {PERSONAL.slice(0, 2).map((name) => (
          <CaptureSwitch key={name} name={name} disabled={disabled} />
        ))}
        <CaptureSwitch name="captureCountry" disabled={disabled} locked={forced} />
        {PERSONAL.slice(2).map((name) => (
          <CaptureSwitch key={name} name={name} disabled={disabled} onChange={FORCING.has(name) ? forceCountry : undefined} />
        ))}
      </Box>
      {forced && (
        <Typography variant="caption" color="text.secondary" role="note">
          {translate('resources.pages.edit.countryForced')}
        </Typography>
      )}
    </>
  );
};
