import { Alert, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FormCheckbox } from './FormControls';

/** The old free-text availability: read-only, with the flag that asks for its migration. */
export const LegacyAvailability = ({ text }: { text: string | null }) => {
  const translate = useTranslate();
  if (!text) return null;
  return (
    <Alert severity="warning" variant="outlined" icon={false}>
      <TextField
        label={translate('app.musician.legacy')}
        value={text}
        helperText={translate('app.musician.legacyHint')}
        multiline
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <FormCheckbox name="migrateScheduling" label={translate('app.musician.migrate')} />
    </Alert>
  );
};
