import { useState, type ReactNode } from 'react';
import { Alert, Box, Checkbox, FormControlLabel, FormHelperText } from '@mui/material';
import { Form, SaveButton, TextInput, useTranslate } from 'react-admin';
import { useController, type FieldValues } from 'react-hook-form';
import { inviteExistingUserSchema, inviteNewUserFormSchema } from '#shared/domain/schemas/auth';
import { useZodResolver } from '../../forms/zodResolver';
import { apiErrorCode } from '../../apiError';
import { FormRequiredMarker } from '../../forms/FormNotices';
import { NewPasswordInputs } from '../../forms/NewPasswordInputs';

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

/** One of the two forms: the error of the last try above the inputs, and the accept button. */
const InviteForm = ({
  schema,
  defaultValues,
  submit,
  error,
  submitLabel,
  children,
}: {
  schema: Parameters<typeof useZodResolver>[0];
  defaultValues: FieldValues;
  submit: (values: FieldValues) => Promise<void>;
  error?: string;
  submitLabel: string;
  children: ReactNode;
}) => (
  <Form resolver={useZodResolver(schema)} defaultValues={defaultValues} onSubmit={submit} disableInvalidFormNotification noValidate>
    {error && <Alert severity="error">{error}</Alert>}
    {children}
    <FormRequiredMarker />
    <SaveButton label={submitLabel} icon={<></>} alwaysEnable fullWidth sx={{ mt: 2 }} />
  </Form>
);

/** New-user mode: first name, last name, password, confirmation and the terms, all required. */
export const InviteNewUserForm = ({ onAccept }: Props) => {
  const { error, submit } = useSubmit(onAccept);
  return (
    <InviteForm
      schema={inviteNewUserFormSchema}
      defaultValues={{ firstName: '', lastName: '', password: '', confirmPassword: '', agreeTerms: false }}
      submit={({ firstName, lastName, password, agreeTerms }) => submit({ firstName, lastName, password, agreeTerms })}
      error={error}
      submitLabel="app.auth.invite.accept"
    >
      <TextInput source="firstName" label="app.auth.invite.firstName" autoComplete="given-name" isRequired />
      <TextInput source="lastName" label="app.auth.invite.lastName" autoComplete="family-name" isRequired />
      <NewPasswordInputs label="app.auth.invite.password" confirmLabel="app.auth.invite.confirm" />
      <AgreeTerms />
    </InviteForm>
  );
};

/** Existing-user mode: the invitation's email with the user's password. */
export const InviteExistingUserForm = ({ onAccept }: Props) => {
  const { error, submit } = useSubmit(onAccept);
  return (
    <InviteForm schema={inviteExistingUserSchema} defaultValues={{ password: '' }} submit={submit} error={error} submitLabel="app.auth.invite.acceptSignIn">
      <TextInput source="password" label="app.auth.invite.password" type="password" autoComplete="current-password" isRequired />
    </InviteForm>
  );
};
