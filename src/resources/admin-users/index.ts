import GroupIcon from '@mui/icons-material/Group';
import type { ResourceDefinition } from '../types';
import { AdminUserList } from './AdminUserList';
import { AdminUserEdit } from './AdminUserEdit';
import { AdminUserCreate } from './NewAdminDialog';
import { ADMIN_USERS } from './adminUserRecord';

/**
 * Platform Users. react-admin 5 mounts a resource at /<name> and has no separate path prop,
 * so the name is 'admin/users' to keep the spec's /admin/users and /admin/users/{userId}
 * (its tabs live under the edit route's splat). The permission stays 'admin-users'; the
 * auth provider maps the name to it.
 */
export const adminUsers: ResourceDefinition = {
  name: ADMIN_USERS,
  list: AdminUserList,
  edit: AdminUserEdit,
  create: AdminUserCreate,
  icon: GroupIcon,
  recordRepresentation: 'name',
  endpoints: {
    list: () => '/api/users',
    one: (id) => `/api/users/${id}`,
  },
  menu: 'platformAdmin',
  permission: 'admin-users',
};
