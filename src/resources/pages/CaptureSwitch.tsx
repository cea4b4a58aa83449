import type { ChangeEvent } from 'react';
import { BooleanInput } from 'react-admin';

/** A boolean page field as react-admin's switch; `locked` keeps it on (the form sets the value) and read-only, so the value is still sent. */
export const CaptureSwitch = ({
  name,
  disabled,
  locked,
  onChange,
}: {
  name: string;
  disabled: boolean;
  locked?: boolean;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}) => (
  <BooleanInput
    source={name}
    label={`resources.pages.fields.${name}`}
    helperText={false}
    disabled={disabled}
    readOnly={locked}
    onChange={onChange}
    sx={{ my: 0 }}
  />
);
