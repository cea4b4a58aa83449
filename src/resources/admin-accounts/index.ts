import BusinessIcon from '@mui/icons-material/Business';
import type { ResourceDefinition } from '../types';
import { ADMIN_ACCOUNTS, findEntry } from '../registry';
import { lazyView } from '../../lazyView';

/** Platform Accounts at /admin/accounts (named 'admin/accounts' for the spec's paths, as admin/users is). */
export const adminAccounts: ResourceDefinition = {
  ...findEntry(ADMIN_ACCOUNTS),
  list: lazyView(() => import('./AdminAccountList'), 'AdminAccountList'),
  edit: lazyView(() => import('./AdminAccountEdit'), 'AdminAccountEdit'),
  create: lazyView(() => import('./NewAccountDialog'), 'AdminAccountCreate'),
  icon: BusinessIcon,
  recordRepresentation: 'name',
};
