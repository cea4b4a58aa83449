import GroupIcon from '@mui/icons-material/Group';
import type { ResourceDefinition } from '../types';
import { ADMIN_USERS, findEntry } from '../registry';
import { lazyView } from '../../lazyView';

/**
 * Platform Users. The name is 'admin/users' to keep the spec's /admin/users and
 * /admin/users/{userId} (its tabs live under the edit route's splat); the permission stays
 * 'admin-users'.
 */
export const adminUsers: ResourceDefinition = {
  ...findEntry(ADMIN_USERS),
  list: lazyView(() => import('./AdminUserList'), 'AdminUserList'),
  edit: lazyView(() => import('./AdminUserEdit'), 'AdminUserEdit'),
  create: lazyView(() => import('./NewAdminDialog'), 'AdminUserCreate'),
  icon: GroupIcon,
  recordRepresentation: 'name',
};
