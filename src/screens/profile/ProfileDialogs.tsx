import { useMutation } from '@tanstack/react-query';
import { TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { changeEmailFormSchema, changePasswordFormSchema } from '#shared/domain/schemas/auth';
import type { AppDataProvider } from '../../dataProvider';
import { FormDialog } from '../../forms/FormDialog';
import { NewPasswordInputs } from '../../forms/NewPasswordInputs';

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

export const ChangePasswordDialog = ({ open, onClose }: DialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { mutateAsync: changePassword } = useMutation({
    mutationFn: ({ currentPassword, password }: { currentPassword: string; password: string }) =>
      dataProvider.action('me', { id: 'me', action: 'password', data: { currentPassword, password } }),
    onSuccess: () => notify('app.profile.passwordChanged', { type: 'success' }),
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={translate('app.profile.changePassword')}
      schema={changePasswordFormSchema}
      defaultValues={{ currentPassword: '', password: '', confirmPassword: '' }}
      onSubmit={changePassword}
    >
      <TextInput source="currentPassword" type="password" label="app.profile.currentPassword" autoComplete="current-password" isRequired />
      <NewPasswordInputs label="app.profile.newPassword" confirmLabel="app.profile.confirmPassword" />
    </FormDialog>
  );
};

export const ChangeEmailDialog = ({ open, onClose }: DialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { mutateAsync: changeEmail } = useMutation({
    mutationFn: ({ email, currentPassword }: { email: string; currentPassword: string }) =>
      dataProvider.action('me', { id: 'me', action: 'email', data: { email, currentPassword } }),
    onSuccess: (_, { email }) => notify('app.profile.emailSent', { type: 'success', messageArgs: { email }, autoHideDuration: 8000 }),
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={translate('app.profile.changeEmail')}
      schema={changeEmailFormSchema}
      defaultValues={{ email: '', confirmEmail: '', currentPassword: '' }}
      onSubmit={changeEmail}
    >
      <TextInput source="email" type="email" label="app.profile.newEmail" isRequired />
      <TextInput source="confirmEmail" type="email" label="app.profile.confirmEmail" isRequired />
      <TextInput source="currentPassword" type="password" label="app.profile.currentPassword" autoComplete="current-password" isRequired />
    </FormDialog>
  );
};
