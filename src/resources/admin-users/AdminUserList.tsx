import { Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Datagrid, List, TextField, useListContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { TABLE_PAGE_SIZE } from '../../domain/constants';
import { UserDateField, UserStatusField, UserTypeField } from './UserFields';
import { UserSearchBar } from './UserSearchBar';

const Message = ({ text }: { text: string }) => (
  <Typography role="status" color="text.secondary" sx={{ p: 3 }}>
    {text}
  </Typography>
);

/** The table: 'loading...' until the first answer (spec section 2), then rows that open the user. */
const UsersTable = () => {
  const translate = useTranslate();
  const { isPending } = useListContext();
  if (isPending) return <Message text={translate('resources.admin/users.loading')} />;
  return (
    <Datagrid bulkActionButtons={false} rowClick="edit" empty={<Message text={translate('resources.admin/users.empty')} />}>
      <TextField source="name" />
      <UserTypeField source="type" />
      <UserStatusField source="status" />
      <UserDateField source="lastLogin" />
      <UserDateField source="createdAt" />
    </Datagrid>
  );
};

/** /admin/users: every user, searched, filtered, sorted and paged by the server, 50 a page. */
export const AdminUserList = () => {
  const translate = useTranslate();
  return (
    <>
      <List
        perPage={TABLE_PAGE_SIZE}
        sort={{ field: 'createdAt', order: 'DESC' }}
        exporter={false}
        empty={false}
        actions={false}
        title={translate('resources.admin/users.title')}
      >
        <UserSearchBar
          action={
            <Button component={Link} to="/admin/users/create" variant="contained" startIcon={<AddIcon />}>
              {translate('resources.admin/users.newAdmin.button')}
            </Button>
          }
        />
        <UsersTable />
      </List>
    </>
  );
};
