import { TextInput } from 'react-admin';

/**
 * A new password with the rule's hint, then its confirmation (the form's schema checks that they
 * match): reset password, accepting an invitation, changing one's password. Labels are i18n keys.
 */
export const NewPasswordInputs = ({ label, confirmLabel, autoFocus }: { label: string; confirmLabel: string; autoFocus?: boolean }) => (
  <>
    <TextInput source="password" label={label} type="password" autoComplete="new-password" helperText="app.auth.reset.hint" autoFocus={autoFocus} isRequired />
    <TextInput source="confirmPassword" label={confirmLabel} type="password" autoComplete="new-password" isRequired />
  </>
);
