import { useNotify, useTranslate } from 'react-admin';
import { changeEmailFormSchema, changePasswordFormSchema } from '../../domain/schemas/auth';
import { request } from '../../http';
import { FormTextField } from '../../forms/FormTextField';
import { FormDialog } from '../../forms/FormDialog';

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

export const ChangePasswordDialog = ({ open, onClose }: DialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={translate('app.profile.changePassword')}
      schema={changePasswordFormSchema}
      defaultValues={{ currentPassword: '', password: '', confirmPassword: '' }}
      onSubmit={async ({ currentPassword, password }) => {
        await request('/api/users/me/password', { method: 'POST', body: { currentPassword, password } });
        notify('app.profile.passwordChanged', { type: 'success' });
      }}
    >
      <FormTextField name="currentPassword" type="password" label={translate('app.profile.currentPassword')} autoComplete="current-password" required />
      <FormTextField
        name="password"
        type="password"
        label={translate('app.profile.newPassword')}
        helperText={translate('app.auth.reset.hint')}
        autoComplete="new-password"
        required
      />
      <FormTextField name="confirmPassword" type="password" label={translate('app.profile.confirmPassword')} autoComplete="new-password" required />
    </FormDialog>
  );
};

export const ChangeEmailDialog = ({ open, onClose }: DialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={translate('app.profile.changeEmail')}
      schema={changeEmailFormSchema}
      defaultValues={{ email: '', confirmEmail: '', currentPassword: '' }}
      onSubmit={async ({ email, currentPassword }) => {
        await request('/api/users/me/email', { method: 'POST', body: { email, currentPassword } });
        notify('app.profile.emailSent', { type: 'success', messageArgs: { email }, autoHideDuration: 8000 });
      }}
    >
      <FormTextField name="email" type="email" label={translate('app.profile.newEmail')} required />
      <FormTextField name="confirmEmail" type="email" label={translate('app.profile.confirmEmail')} required />
      <FormTextField name="currentPassword" type="password" label={translate('app.profile.currentPassword')} autoComplete="current-password" required />
    </FormDialog>
  );
};
