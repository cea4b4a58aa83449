import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { DateField, List, NumberField, TextField, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { TABLE_PAGE_SIZE } from '../../domain/constants';
import { ResponsiveDatagrid } from '../../components/ResponsiveDatagrid';
import { AccountPlanField, AccountStatusField } from './AccountFields';
import { AccountSearchBar } from './AccountSearchBar';
import type { AdminAccountRecord } from './adminAccountRecord';

/** /admin/accounts: every account with its counts, searched, sorted and paged by the server, 50 a page. */
export const AdminAccountList = () => {
  const translate = useTranslate();
  return (
    <List
      perPage={TABLE_PAGE_SIZE}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      empty={false}
      actions={false}
      title={translate('resources.admin/accounts.title')}
    >
      <AccountSearchBar
        action={
          <Button component={Link} to="/admin/accounts/create" variant="contained" startIcon={<AddIcon />}>
            {translate('resources.admin/accounts.newAccount.button')}
          </Button>
        }
      />
      <ResponsiveDatagrid
        phone={{
          primaryText: (account) => (account as AdminAccountRecord).name,
          secondaryText: <AccountPlanField source="subscriptionPlan" />,
          tertiaryText: <AccountStatusField source="status" />,
        }}
      >
        <TextField source="name" />
        <TextField source="slug" />
        <AccountPlanField source="subscriptionPlan" />
        <AccountStatusField source="status" />
        <NumberField source="uploadVideoCount" />
        <NumberField source="pageCount" />
        <NumberField source="userCount" />
        <DateField source="createdAt" />
      </ResponsiveDatagrid>
    </List>
  );
};
