import { Autocomplete, Box, FormControl, FormControlLabel, FormHelperText, FormLabel, Grid, InputAdornment, Radio, RadioGroup, Stack } from '@mui/material';
import { NumberInput, TextInput, useTranslate } from 'react-admin';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { TIMEZONES } from '#shared/domain/timezones';
import { FormCheckbox, requiredAutocompleteInput } from './FormControls';
import { ScheduleEditor } from './ScheduleEditor';
import { DaysOffEditor } from './DaysOffEditor';

const EnableLessons = () => {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name: 'enableLessons' });
  const value = field.value === true ? 'yes' : field.value === false ? 'no' : '';
  return (
    <FormControl error={!!fieldState.error} required>
      <FormLabel id="enable-lessons-label">{translate('app.musician.enableLessons')}</FormLabel>
      <RadioGroup row aria-labelledby="enable-lessons-label" value={value} onChange={(e) => field.onChange(e.target.value === 'yes')}>
        <FormControlLabel value="yes" control={<Radio inputRef={field.ref} />} label={translate('app.musician.yes')} />
        <FormControlLabel value="no" control={<Radio />} label={translate('app.musician.no')} />
      </RadioGroup>
      {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
};

const RateField = ({ name, placeholder }: { name: 'halfHourRate' | 'hourRate'; placeholder: string }) => (
  <NumberInput
    source={name}
    label={`app.musician.${name}`}
    placeholder={placeholder}
    helperText="app.musician.rateHint"
    min={0}
    step={1}
    slotProps={{
      input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
      htmlInput: { inputMode: 'numeric' },
    }}
  />
);

const LessonLocations = () => {
  const translate = useTranslate();
  const { formState } = useFormContext();
  const error = formState.errors.locationOnline?.message as string | undefined;
  const recheck = ['locationOnline', 'lessonLocation'];
  return (
    <FormControl error={!!error} component="fieldset" required>
      <FormLabel component="legend">{translate('app.musician.lessonLocations')}</FormLabel>
      <Stack direction="row" flexWrap="wrap">
        <FormCheckbox name="locationOnline" label={translate('app.musician.locationOnline')} recheck={recheck} />
        <FormCheckbox name="locationMusician" label={translate('app.musician.locationMusician')} recheck={recheck} />
        <FormCheckbox name="locationStudent" label={translate('app.musician.locationStudent')} recheck={recheck} />
      </Stack>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
};

const TimezoneField = () => {
  const translate = useTranslate();
  const controller = useController<{ timezone: string }, 'timezone'>({ name: 'timezone' });
  const { field } = controller;
  // A stored zone this browser names differently (an ICU alias) stays selectable.
  const options = field.value && !TIMEZONES.includes(field.value) ? [field.value, ...TIMEZONES] : TIMEZONES;
  return (
    <Autocomplete
      options={options}
      value={field.value || null}
      onChange={(_, value) => field.onChange(value ?? '')}
      onBlur={field.onBlur}
      renderInput={requiredAutocompleteInput(translate('app.musician.timezone'), controller)}
    />
  );
};

/** Lessons: the yes/no answer, and only when yes the rates, locations, area, timezone, schedule and days off. */
export const LessonFields = () => {
  const [enabled, atMusician, atStudent] = useWatch({ name: ['enableLessons', 'locationMusician', 'locationStudent'] }) as [boolean | null, boolean, boolean];
  return (
    <Stack spacing={2}>
      <EnableLessons />
      {enabled === true && (
        <Stack spacing={2} data-testid="lesson-settings">
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <RateField name="halfHourRate" placeholder="30" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <RateField name="hourRate" placeholder="60" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TimezoneField />
            </Grid>
          </Grid>
          <LessonLocations />
          {(atMusician || atStudent) && (
            <TextInput source="lessonLocation" isRequired label="app.musician.lessonLocation" helperText="app.musician.lessonLocationHint" />
          )}
          <ScheduleEditor />
          <Box>
            <DaysOffEditor />
          </Box>
        </Stack>
      )}
    </Stack>
  );
};
