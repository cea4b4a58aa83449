import { Divider, TextField, Typography } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { LIMITS } from '#shared/domain/constants';

/**
 * What only a platform admin edits on an account's General tab: name (max 25), slug (letters
 * or numbers, unique) and the capture pages' custom CSS; the payment provider's customer id
 * shown read-only.
 */
export const AccountIdentityFields = ({ stripeCustomerId, disabled }: { stripeCustomerId: string | null | undefined; disabled: boolean }) => {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" component="h2">
        {translate('app.accountSettings.identity')}
      </Typography>
      <TextInput
        source="name"
        label="app.accountSettings.name"
        isRequired
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: LIMITS.accountName } }}
        helperText={false}
      />
      <TextInput source="slug" label="app.accountSettings.slug" isRequired disabled={disabled} helperText="app.accountSettings.slugHint" />
      <TextField
        label={translate('app.accountSettings.stripeCustomerId')}
        value={stripeCustomerId || translate('app.accountSettings.noStripeCustomer')}
        fullWidth
        margin="dense"
        variant="filled"
        slotProps={{ input: { readOnly: true } }}
      />
      <TextInput
        source="cssOverride"
        label="app.accountSettings.cssOverride"
        helperText="app.accountSettings.cssOverrideHint"
        multiline
        minRows={3}
        disabled={disabled}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <Divider sx={{ my: 2 }} />
    </>
  );
};
