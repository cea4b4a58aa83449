import BusinessIcon from '@mui/icons-material/Business';
import type { ResourceDefinition } from '../types';
import { AdminAccountList } from './AdminAccountList';
import { AdminAccountEdit } from './AdminAccountEdit';
import { AdminAccountCreate } from './NewAccountDialog';
import { ADMIN_ACCOUNTS } from './adminAccountRecord';

/** Platform Accounts at /admin/accounts (named 'admin/accounts' for the spec's paths, as admin/users is). */
export const adminAccounts: ResourceDefinition = {
  name: ADMIN_ACCOUNTS,
  list: AdminAccountList,
  edit: AdminAccountEdit,
  create: AdminAccountCreate,
  icon: BusinessIcon,
  recordRepresentation: 'name',
  endpoints: {
    list: () => '/api/accounts',
    one: (id) => `/api/accounts/${id}`,
  },
  menu: 'platformAdmin',
  permission: 'admin-accounts',
};
