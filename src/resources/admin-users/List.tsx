import { TextField } from 'react-admin';
import { AdminTableList } from '../../components/AdminTableList';
import { UserDateField, UserStatusField, UserTypeField } from './UserFields';
import { UserSearchBar } from './UserSearchBar';
import type { AdminUserRow } from '../records';

/** /admin/users: every user, searched, filtered, sorted and paged by the server, 50 a page. */
const AdminUserList = () => (
  <AdminTableList
    title="resources.admin/users.title"
    searchBar={(action) => <UserSearchBar action={action} />}
    create={{ to: '/admin/users/create', label: 'resources.admin/users.newAdmin.button' }}
    phone={{
      primaryText: (user) => (user as AdminUserRow).name,
      secondaryText: <UserTypeField source="type" />,
      tertiaryText: <UserStatusField source="status" />,
    }}
  >
    <TextField source="name" />
    <UserTypeField source="type" />
    <UserStatusField source="status" />
    <UserDateField source="lastLogin" />
    <UserDateField source="createdAt" />
  </AdminTableList>
);

export default AdminUserList;
