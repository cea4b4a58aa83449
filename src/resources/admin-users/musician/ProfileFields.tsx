import { Autocomplete, Chip, Grid, Stack } from '@mui/material';
import { NumberInput, TextInput, useTranslate } from 'react-admin';
import { useController, useWatch } from 'react-hook-form';
import { INSTRUMENTS } from '#shared/domain/instruments';
import { RichTextField } from '../../../forms/RichText';
import { FormSwitch, requiredAutocompleteInput } from './FormControls';

const InstrumentsField = () => {
  const translate = useTranslate();
  const controller = useController<{ instruments: string[] }, 'instruments'>({ name: 'instruments' });
  const { field } = controller;
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
      renderInput={requiredAutocompleteInput(translate('app.musician.instruments'), controller, translate('app.musician.instrumentsHint'))}
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
          <TextInput source="slug" isRequired label="app.musician.slug" helperText="app.musician.slugHint" />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack direction="row" spacing={1} alignItems="flex-start" sx={{ pt: 1.5 }}>
            <FormSwitch name="featured" label={translate('app.musician.featured')} recheck={['featurePosition']} />
            <NumberInput
              source="featurePosition"
              label="app.musician.featurePosition"
              helperText="app.musician.featurePositionHint"
              disabled={!featured}
              min={1}
              step={1}
              sx={{ maxWidth: 160 }}
            />
          </Stack>
        </Grid>
      </Grid>
      <RichTextField source="summary" isRequired label="app.musician.summary" />
      <InstrumentsField />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextInput source="band" label="app.musician.band" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextInput source="location" label="app.musician.location" />
        </Grid>
      </Grid>
    </>
  );
};
