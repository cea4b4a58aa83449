import { Box } from '@mui/material';
import { TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { CaptureSwitch } from './CaptureSwitch';

const LISTS = [
  ['captureVenueCity', 'venueCities'],
  ['captureSongList', 'songList'],
  ['captureArtist', 'artistList'],
] as const;

/** Venue city, song and artist questions: each switch opens its list, one item per line, required when on. */
export const ChoiceLists = ({ disabled }: { disabled: boolean }) => {
  const on = useWatch({ name: LISTS.map(([toggle]) => toggle) }) as boolean[];
  return (
    <>
      {LISTS.map(([toggle, list], index) => (
        <Box key={toggle}>
          <CaptureSwitch name={toggle} disabled={disabled} />
          {on[index] && (
            <TextInput
              source={list}
              label={`resources.pages.fields.${list}`}
              helperText="resources.pages.edit.listHint"
              multiline
              minRows={3}
              maxRows={10}
              isRequired
              disabled={disabled}
            />
          )}
        </Box>
      ))}
    </>
  );
};

/** The marketing consent checkbox fans see, with its text (required when on). */
export const MarketingConsent = ({ disabled }: { disabled: boolean }) => {
  const on = useWatch({ name: 'captureMarketingConsent' }) as boolean;
  return (
    <>
      <CaptureSwitch name="captureMarketingConsent" disabled={disabled} />
      {on && <TextInput source="marketingConsent" label="resources.pages.fields.marketingConsent" multiline minRows={2} isRequired disabled={disabled} />}
    </>
  );
};
