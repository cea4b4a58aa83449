import { Typography } from '@mui/material';
import { TextInput, useRedirect, useTranslate } from 'react-admin';
import { newAdminSchema, type NewAdminInput } from '#shared/domain/schemas/adminUsers';
import { CreateRecordDialog } from '../../forms/CreateRecordDialog';
import AdminUserList from './List';
import { ADMIN_USERS } from '../registry';
import type { AdminUser } from '../records';

const EMPTY: NewAdminInput = { firstName: '', lastName: '', email: '' };

/** '+ New Admin': first name, last name, email; the new admin is mailed a link to set a password. */
const NewAdminDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <CreateRecordDialog<NewAdminInput, AdminUser>
      resource={ADMIN_USERS}
      keys="resources.admin/users.newAdmin"
      schema={newAdminSchema}
      defaultValues={EMPTY}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('resources.admin/users.newAdmin.hint')}
      </Typography>
      <TextInput source="firstName" label="resources.admin/users.fields.firstName" isRequired autoFocus />
      <TextInput source="lastName" label="resources.admin/users.fields.lastName" isRequired />
      <TextInput source="email" type="email" label="resources.admin/users.fields.email" isRequired />
    </CreateRecordDialog>
  );
};

/** /admin/users/create: the list with the New Admin dialog over it; closing returns to the list. */
export default function AdminUserCreate() {
  const redirect = useRedirect();
  return (
    <>
      <AdminUserList />
      <NewAdminDialog onClose={() => redirect('/admin/users')} />
    </>
  );
}
