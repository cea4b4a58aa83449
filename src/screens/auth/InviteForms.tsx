import { useState } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, FormHelperText } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FormProvider, useController, useForm } from 'react-hook-form';
import { inviteExistingUserSchema, inviteNewUserFormSchema } from '../../domain/schemas/auth';
import { useZodResolver } from '../../forms/zodResolver';
import { apiErrorCode } from '../../apiError';
import { FormTextField } from '../../forms/FormTextField';
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
  const translate = useTranslate();
  const { error, submit } = useSubmit(onAccept);
  const form = useForm({
    resolver: useZodResolver(inviteNewUserFormSchema),
    defaultValues: { firstName: '', lastName: '', password: '', confirmPassword: '', agreeTerms: false },
  });
  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit(({ firstName, lastName, password, agreeTerms }) =>
          submit({ firstName, lastName, password, agreeTerms }),
        )}
      >
        {error && <Alert severity="error">{error}</Alert>}
        <FormTextField name="firstName" label={translate('app.auth.invite.firstName')} autoComplete="given-name" required />
        <FormTextField name="lastName" label={translate('app.auth.invite.lastName')} autoComplete="family-name" required />
        <FormTextField
          name="password"
          label={translate('app.auth.invite.password')}
          type="password"
          autoComplete="new-password"
          helperText={translate('app.auth.reset.hint')}
          required
        />
        <FormTextField name="confirmPassword" label={translate('app.auth.invite.confirm')} type="password" autoComplete="new-password" required />
        <AgreeTerms />
        <FormRequiredMarker />
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={form.formState.isSubmitting}>
          {translate('app.auth.invite.accept')}
        </Button>
      </Box>
    </FormProvider>
  );
};

/** Existing-user mode: the invitation's email with the user's password. */
export const InviteExistingUserForm = ({ onAccept }: Props) => {
  const translate = useTranslate();
  const { error, submit } = useSubmit(onAccept);
  const form = useForm({ resolver: useZodResolver(inviteExistingUserSchema), defaultValues: { password: '' } });
  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={form.handleSubmit((values) => submit(values))}>
        {error && <Alert severity="error">{error}</Alert>}
        <FormTextField name="password" label={translate('app.auth.invite.password')} type="password" autoComplete="current-password" required />
        <FormRequiredMarker />
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={form.formState.isSubmitting}>
          {translate('app.auth.invite.acceptSignIn')}
        </Button>
      </Box>
    </FormProvider>
  );
};
