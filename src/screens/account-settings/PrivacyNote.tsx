import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useAppContext } from '../../appContext';

/** How long fan data is kept and how a fan asks for its erasure (issue 13). */
export const PrivacyNote = () => {
  const translate = useTranslate();
  const { data: context } = useAppContext();
  if (!context?.account) return null;
  const email = context.account.helpEmailAddress || context.systemDefaults.supportEmail;
  return (
    <Card component="section" aria-labelledby="privacy-note-title" sx={{ mt: 3 }}>
      <CardContent>
        <Typography id="privacy-note-title" variant="h6" component="h2" gutterBottom>
          {translate('app.privacy.title')}
        </Typography>
        <Typography variant="body2" paragraph>
          {translate('app.privacy.kept')}
        </Typography>
        <Typography variant="body2">{translate('app.privacy.erase', { email })}</Typography>
      </CardContent>
    </Card>
  );
};
