import { Typography } from '@mui/material';
import { TextInput, useCreate, useNotify, useRedirect, useTranslate } from 'react-admin';
import { newAdminSchema, type NewAdminInput } from '#shared/domain/schemas/adminUsers';
import { FormDialog } from '../../forms/FormDialog';
import AdminUserList from './List';
import { ADMIN_USERS } from '../registry';
import type { AdminUser } from '../records';

const EMPTY: NewAdminInput = { firstName: '', lastName: '', email: '' };

/** '+ New Admin': first name, last name, email; the new admin is mailed a link to set a password. */
export const NewAdminDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [create] = useCreate<AdminUser>(ADMIN_USERS, undefined, {
    onSuccess: (user) => notify('resources.admin/users.newAdmin.created', { type: 'success', messageArgs: { name: user.name } }),
  });
  return (
    <FormDialog<NewAdminInput>
      open={open}
      onClose={onClose}
      title={translate('resources.admin/users.newAdmin.title')}
      schema={newAdminSchema}
      defaultValues={EMPTY}
      submitLabel="resources.admin/users.newAdmin.submit"
      onSubmit={async (values) => {
        await create(ADMIN_USERS, { data: values }, { returnPromise: true });
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('resources.admin/users.newAdmin.hint')}
      </Typography>
      <TextInput source="firstName" label="resources.admin/users.fields.firstName" isRequired autoFocus />
      <TextInput source="lastName" label="resources.admin/users.fields.lastName" isRequired />
      <TextInput source="email" type="email" label="resources.admin/users.fields.email" isRequired />
    </FormDialog>
  );
};

/** /admin/users/create: the list with the New Admin dialog over it; closing returns to the list. */
export const AdminUserCreate = () => {
  const redirect = useRedirect();
  return (
    <>
      <AdminUserList />
      <NewAdminDialog open onClose={() => redirect('/admin/users')} />
    </>
  );
};
