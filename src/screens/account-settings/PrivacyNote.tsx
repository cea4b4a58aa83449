import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useAppContext } from '../../appContext';
import { SettingsCard } from './SettingsCard';

/** How long fan data is kept and how a fan asks for its erasure. */
export const PrivacyNote = () => {
  const translate = useTranslate();
  const { data: context } = useAppContext();
  if (!context?.account) return null;
  const email = context.account.helpEmailAddress || context.systemDefaults.supportEmail;
  return (
    <SettingsCard id="privacy-note" title={translate('app.privacy.title')}>
      <Typography variant="body2" paragraph>
        {translate('app.privacy.kept')}
      </Typography>
      <Typography variant="body2">{translate('app.privacy.erase', { email })}</Typography>
    </SettingsCard>
  );
};
