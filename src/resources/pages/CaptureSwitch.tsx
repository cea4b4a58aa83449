import { BooleanInput } from 'react-admin';

/**
 * A boolean page field as react-admin's switch; `locked` keeps it on (the form sets the value)
 * and read-only, so the value is still sent.
 */
export const CaptureSwitch = ({ name, disabled, locked }: { name: string; disabled: boolean; locked?: boolean }) => (
  <BooleanInput source={name} label={`resources.pages.fields.${name}`} helperText={false} disabled={disabled} readOnly={locked} sx={{ my: 0 }} />
);
