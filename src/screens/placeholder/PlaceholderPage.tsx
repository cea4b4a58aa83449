import { Card, CardContent, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Title, useTranslate } from 'react-admin';

/** An honest placeholder for a screen a later issue fills: says so, shows no fake data. */
export const PlaceholderPage = ({ titleKey }: { titleKey: string }) => {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 1 }}>
      <Title title={translate(titleKey)} />
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 5, justifyContent: 'center' }}>
        <ConstructionIcon color="disabled" />
        <Typography color="text.secondary">{translate('app.placeholder.body')}</Typography>
      </CardContent>
    </Card>
  );
};
