import { FormControlLabel, Switch } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';

/** A boolean page field as a labelled switch; `locked` keeps it on and disabled. */
export const CaptureSwitch = ({ name, disabled, locked }: { name: string; disabled: boolean; locked?: boolean }) => {
  const translate = useTranslate();
  const { field } = useController({ name });
  return (
    <FormControlLabel
      control={
        <Switch
          checked={locked || !!field.value}
          onChange={(event) => field.onChange(event.target.checked)}
          disabled={disabled || locked}
          inputProps={{ 'aria-label': translate(`resources.pages.fields.${name}`) }}
        />
      }
      label={translate(`resources.pages.fields.${name}`)}
    />
  );
};
