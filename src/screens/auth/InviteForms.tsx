import { useState } from 'react';
import { Alert, Box, Checkbox, FormControlLabel, FormHelperText } from '@mui/material';
import { Form, SaveButton, TextInput, useTranslate } from 'react-admin';
import { useController, type FieldValues } from 'react-hook-form';
import { inviteExistingUserSchema, inviteNewUserFormSchema } from '@shared/domain/schemas/auth';
import { useZodResolver } from '../../forms/zodResolver';
import { apiErrorCode } from '../../apiError';
import { FormRequiredMarker } from '../../forms/FormNotices';

interface Props {
  onAccept: (body: Record<string, unknown>) => Promise<void>;
}

function useSubmit(onAccept: Props['onAccept']) {
  const translate = useTranslate();
  const [error, setError] = useState<string>();
  const submit = async (body: Record<string, unknown>) => {
    setError(undefined);
    try {
      await onAccept(body);
    } catch (e) {
      const wrongPassword = apiErrorCode(e) === 'AuthenticationError';
      setError(wrongPassword ? translate('app.auth.login.accessDenied') : e instanceof Error ? e.message : String(e));
    }
  };
  return { error, submit };
}

const AgreeTerms = () => {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name: 'agreeTerms', defaultValue: false });
  return (
    <Box>
      <FormControlLabel
        control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
        label={translate('app.auth.invite.agree')}
      />
      {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Box>
  );
};

/** New-user mode: first name, last name, password, confirmation and the terms, all required. */
export const InviteNewUserForm = ({ onAccept }: Props) => {
  const { error, submit } = useSubmit(onAccept);
  return (
    <Form
      resolver={useZodResolver(inviteNewUserFormSchema)}
      defaultValues={{ firstName: '', lastName: '', password: '', confirmPassword: '', agreeTerms: false }}
      onSubmit={({ firstName, lastName, password, agreeTerms }: FieldValues) => submit({ firstName, lastName, password, agreeTerms })}
      disableInvalidFormNotification
      noValidate
    >
      {error && <Alert severity="error">{error}</Alert>}
      <TextInput source="firstName" label="app.auth.invite.firstName" autoComplete="given-name" isRequired />
      <TextInput source="lastName" label="app.auth.invite.lastName" autoComplete="family-name" isRequired />
      <TextInput
        source="password"
        label="app.auth.invite.password"
        type="password"
        autoComplete="new-password"
        helperText="app.auth.reset.hint"
        isRequired
      />
      <TextInput source="confirmPassword" label="app.auth.invite.confirm" type="password" autoComplete="new-password" isRequired />
      <AgreeTerms />
      <FormRequiredMarker />
      <SaveButton label="app.auth.invite.accept" icon={<></>} alwaysEnable fullWidth sx={{ mt: 2 }} />
    </Form>
  );
};

/** Existing-user mode: the invitation's email with the user's password. */
export const InviteExistingUserForm = ({ onAccept }: Props) => {
  const { error, submit } = useSubmit(onAccept);
  return (
    <Form
      resolver={useZodResolver(inviteExistingUserSchema)}
      defaultValues={{ password: '' }}
      onSubmit={(values: FieldValues) => submit(values)}
      disableInvalidFormNotification
      noValidate
    >
      {error && <Alert severity="error">{error}</Alert>}
      <TextInput source="password" label="app.auth.invite.password" type="password" autoComplete="current-password" isRequired />
      <FormRequiredMarker />
      <SaveButton label="app.auth.invite.acceptSignIn" icon={<></>} alwaysEnable fullWidth sx={{ mt: 2 }} />
    </Form>
  );
};
