import { Checkbox, FormControlLabel, TextField, type AutocompleteRenderInputParams } from '@mui/material';
import { BooleanInput } from 'react-admin';
import { useController, useFormContext, type FieldError, type RefCallBack } from 'react-hook-form';

interface Props {
  name: string;
  label: string;
  disabled?: boolean;
  /** Fields whose rule reads this one, re-checked on change once the form was submitted. */
  recheck?: string[];
}

function useToggle({ name, recheck }: Pick<Props, 'name' | 'recheck'>) {
  const { field } = useController({ name });
  const { trigger, formState } = useFormContext();
  const onChange = (checked: boolean) => {
    field.onChange(checked);
    if (recheck && formState.submitCount > 0) void trigger(recheck);
  };
  return { checked: !!field.value, onChange, ref: field.ref };
}

/** A boolean field as react-admin's switch; `recheck` fields are validated again on change after a submit. */
export const FormSwitch = ({ name, label, disabled, recheck }: Props) => {
  const { trigger, formState } = useFormContext();
  return (
    <BooleanInput
      source={name}
      label={label}
      disabled={disabled}
      helperText={false}
      onChange={() => {
        if (recheck && formState.submitCount > 0) void trigger(recheck);
      }}
      sx={{ whiteSpace: 'nowrap', my: 0 }}
    />
  );
};

/** A boolean field as a checkbox. */
export const FormCheckbox = ({ label, disabled, ...props }: Props) => {
  const { checked, onChange, ref } = useToggle(props);
  return (
    <FormControlLabel control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} disabled={disabled} inputRef={ref} />} label={label} />
  );
};

/** The text box of a required Autocomplete bound to a form field: the field's error under it, else the hint. */
export const requiredAutocompleteInput =
  (label: string, { field, fieldState }: { field: { ref: RefCallBack }; fieldState: { error?: FieldError } }, hint?: string) =>
  (params: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      required
      label={label}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? hint}
      margin="dense"
      inputRef={field.ref}
    />
  );
