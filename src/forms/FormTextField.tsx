import { TextField, type TextFieldProps } from '@mui/material';
import { useController } from 'react-hook-form';

type Props = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & { name: string };

/** An MUI text field bound to the surrounding react-hook-form, showing its error or hint. */
export const FormTextField = ({ name, helperText, ...props }: Props) => {
  const { field, fieldState } = useController({ name, defaultValue: '' });
  return (
    <TextField
      {...props}
      {...field}
      value={field.value ?? ''}
      id={props.id ?? `field-${name}`}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth
      margin="dense"
    />
  );
};
