import { Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Datagrid, DateField, List, NumberField, TextField, useListContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { TABLE_PAGE_SIZE } from '../../domain/constants';
import { AccountPlanField, AccountStatusField } from './AccountFields';
import { AccountSearchBar } from './AccountSearchBar';

const Message = ({ text }: { text: string }) => (
  <Typography role="status" color="text.secondary" sx={{ p: 3 }}>
    {text}
  </Typography>
);

const AccountsTable = () => {
  const translate = useTranslate();
  const { isPending } = useListContext();
  if (isPending) return <Message text={translate('resources.admin/accounts.loading')} />;
  return (
    <Datagrid bulkActionButtons={false} rowClick="edit" empty={<Message text={translate('resources.admin/accounts.empty')} />}>
      <TextField source="name" />
      <TextField source="slug" />
      <AccountPlanField source="subscriptionPlan" />
      <AccountStatusField source="status" />
      <NumberField source="uploadVideoCount" />
      <NumberField source="pageCount" />
      <NumberField source="userCount" />
      <DateField source="createdAt" />
    </Datagrid>
  );
};

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
      <AccountsTable />
    </List>
  );
};
