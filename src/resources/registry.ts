import type { PermissionResource } from '@shared/domain/permissions';
import { ADMIN_ACCOUNTS } from './admin-accounts/adminAccountRecord';
import { ADMIN_USERS } from './admin-users/adminUserRecord';

/** Paths of a resource's endpoints; `accountId` is the current account. */
export interface ResourceEndpoints {
  list: (accountId: string) => string;
  one: (id: string, accountId: string) => string;
  create?: (accountId: string) => string;
}

/**
 * What the providers and menus need to know of a resource, without its screens: the data
 * provider reads the endpoints, the auth provider the permission, the header and the user menu
 * the menu place. A resource's views live in its folder's index.ts, loaded lazily.
 */
export interface ResourceEntry {
  name: string;
  endpoints: ResourceEndpoints;
  /** Which menu shows it: the header's main navigation, the Platform Admin group, or none. */
  menu: 'main' | 'platformAdmin' | 'none';
  /** The menu label (a translation key). */
  label: string;
  permission: PermissionResource;
}

export const registry: ResourceEntry[] = [
  {
    name: 'pages',
    endpoints: { list: (accountId) => `/api/accounts/${accountId}/pages`, one: (id) => `/api/pages/${id}` },
    menu: 'main',
    label: 'app.nav.pages',
    permission: 'pages',
  },
  // /data: the header's static Fan Data item links here (navigation.ts), hence menu 'none'.
  {
    name: 'data',
    endpoints: { list: (accountId) => `/api/accounts/${accountId}/data`, one: (id, accountId) => `/api/accounts/${accountId}/data/${id}` },
    menu: 'none',
    label: 'app.nav.data',
    permission: 'data',
  },
  // react-admin mounts a resource at /<name>: 'admin/users' keeps the spec's /admin/users paths.
  {
    name: ADMIN_USERS,
    endpoints: { list: () => '/api/users', one: (id) => `/api/users/${id}` },
    menu: 'platformAdmin',
    label: 'app.menu.adminUsers',
    permission: 'admin-users',
  },
  // The current account's own settings: the same record as admin/accounts, for account members.
  {
    name: 'accounts',
    endpoints: { list: () => '/api/accounts', one: (id) => `/api/accounts/${id}` },
    menu: 'none',
    label: 'app.menu.configuration',
    permission: 'account',
  },
  // Fan Uploads: the header lists it among the main items (layout/navigation.ts), so 'none' here.
  {
    name: 'uploads',
    endpoints: { list: (accountId) => `/api/accounts/${accountId}/videos`, one: (id) => `/api/upload-videos/${id}` },
    menu: 'none',
    label: 'app.nav.uploads',
    permission: 'uploads',
  },
  // Platform Uploads at /admin/uploads; the user menu's Platform Admin group links it.
  {
    name: 'admin/uploads',
    endpoints: { list: () => '/api/upload-videos', one: (id) => `/api/upload-videos/${id}` },
    menu: 'none',
    label: 'app.menu.adminUploads',
    permission: 'admin-uploads',
  },
  {
    name: ADMIN_ACCOUNTS,
    endpoints: { list: () => '/api/accounts', one: (id) => `/api/accounts/${id}` },
    menu: 'platformAdmin',
    label: 'app.menu.adminAccounts',
    permission: 'admin-accounts',
  },
  // The job queue: counts by state and failed jobs with a retry (either queue driver).
  {
    name: 'admin/jobs',
    endpoints: { list: () => '/api/admin/jobs', one: (id) => `/api/admin/jobs/${id}` },
    menu: 'platformAdmin',
    label: 'app.menu.adminJobs',
    permission: 'admin-jobs',
  },
];

export function findEntry(name: string): ResourceEntry {
  const found = registry.find((entry) => entry.name === name);
  if (!found) throw new Error(`Unknown resource ${name}`);
  return found;
}

/** The permission resource behind a react-admin resource name ('admin/users' -> 'admin-users'). */
export function permissionOf(name: string): string {
  return registry.find((entry) => entry.name === name)?.permission ?? name;
}
