import { Autocomplete, TextField } from '@mui/material';
import { useController } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { TIMEZONES } from '#shared/domain/timezones';

/** The account's time zone: where its days start in Insights (cards, charts, date filters). */
export const TimeZoneField = ({ disabled }: { disabled: boolean }) => {
  const translate = useTranslate();
  const { field, fieldState } = useController<{ timeZone?: string }, 'timeZone'>({ name: 'timeZone' });
  // A stored zone this browser names differently (an ICU alias) stays selectable.
  const options = field.value && !TIMEZONES.includes(field.value) ? [field.value, ...TIMEZONES] : TIMEZONES;
  return (
    <Autocomplete
      options={options}
      value={field.value || 'UTC'}
      disableClearable
      disabled={disabled}
      onChange={(_, value) => field.onChange(value)}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('app.accountSettings.timeZone')}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? translate('app.accountSettings.timeZoneHint')}
          margin="dense"
          inputRef={field.ref}
        />
      )}
    />
  );
};
