import { Autocomplete, Chip, Grid, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useController, useWatch } from 'react-hook-form';
import { INSTRUMENTS } from '../../../domain/instruments';
import { FormTextField } from '../../../forms/FormTextField';
import { FormSwitch } from './FormControls';

const InstrumentsField = () => {
  const translate = useTranslate();
  const { field, fieldState } = useController<{ instruments: string[] }, 'instruments'>({ name: 'instruments' });
  return (
    <Autocomplete
      multiple
      options={INSTRUMENTS as readonly string[]}
      value={field.value ?? []}
      onChange={(_, value) => field.onChange(value)}
      onBlur={field.onBlur}
      filterSelectedOptions
      renderValue={(values, getItemProps) =>
        values.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          required
          label={translate('app.musician.instruments')}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? translate('app.musician.instrumentsHint')}
          margin="dense"
          inputRef={field.ref}
        />
      )}
    />
  );
};

/** Slug, main-page feature, bio, expertise, band and location. */
export const ProfileFields = () => {
  const translate = useTranslate();
  const featured = useWatch({ name: 'featured' }) as boolean;
  return (
    <>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <FormTextField name="slug" required label={translate('app.musician.slug')} helperText={translate('app.musician.slugHint')} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack direction="row" spacing={1} alignItems="flex-start" sx={{ pt: 1.5 }}>
            <FormSwitch name="featured" label={translate('app.musician.featured')} recheck={['featurePosition']} />
            <FormTextField
              name="featurePosition"
              type="number"
              label={translate('app.musician.featurePosition')}
              helperText={translate('app.musician.featurePositionHint')}
              disabled={!featured}
              slotProps={{ htmlInput: { min: 1, step: 1 } }}
              sx={{ maxWidth: 160 }}
            />
          </Stack>
        </Grid>
      </Grid>
      <FormTextField name="summary" required multiline minRows={4} label={translate('app.musician.summary')} />
      <InstrumentsField />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField name="band" label={translate('app.musician.band')} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField name="location" label={translate('app.musician.location')} />
        </Grid>
      </Grid>
    </>
  );
};
