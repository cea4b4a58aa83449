import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Students, Store, Payments and Brands: the data model holds nothing for them yet, and says so. */
export const EmptyTab = ({ tab, name }: { tab: string; name: string }) => {
  const translate = useTranslate();
  const label = translate(`resources.admin/users.details.tabs.${tab}`);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {label}
        </Typography>
        <Typography role="status" color="text.secondary">
          {translate('resources.admin/users.details.emptyTab', { name, tab: label.toLowerCase() })}
        </Typography>
      </CardContent>
    </Card>
  );
};
