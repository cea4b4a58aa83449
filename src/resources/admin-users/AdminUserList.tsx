import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { List, TextField, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { TABLE_PAGE_SIZE } from '../../domain/constants';
import { ResponsiveDatagrid } from '../../components/ResponsiveDatagrid';
import { UserDateField, UserStatusField, UserTypeField } from './UserFields';
import { UserSearchBar } from './UserSearchBar';
import type { AdminUserRecord } from './adminUserRecord';

/** /admin/users: every user, searched, filtered, sorted and paged by the server, 50 a page. */
export const AdminUserList = () => {
  const translate = useTranslate();
  return (
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
      <ResponsiveDatagrid
        phone={{
          primaryText: (user) => (user as AdminUserRecord).name,
          secondaryText: <UserTypeField source="type" />,
          tertiaryText: <UserStatusField source="status" />,
        }}
      >
        <TextField source="name" />
        <UserTypeField source="type" />
        <UserStatusField source="status" />
        <UserDateField source="lastLogin" />
        <UserDateField source="createdAt" />
      </ResponsiveDatagrid>
    </List>
  );
};
