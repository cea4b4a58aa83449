import type { ComponentType } from 'react';
import TuneIcon from '@mui/icons-material/Tune';
import GroupIcon from '@mui/icons-material/Group';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import type { PermissionResource } from '#shared/domain/permissions';
import { resources as declaredResources } from '#shared/resources/index';
import { entryOf } from './generic/entry';

/**
 * Paths of a resource's endpoints. `scopeId` is the current account (or the one a call names),
 * or, for a resource with a `parent`, the id of the record its list lives under.
 */
interface ResourceEndpoints {
  list: (scopeId: string) => string;
  one: (id: string, scopeId: string) => string;
  /**
   * The field naming the record this resource's list lives under (a user's messages live under
   * the user, not an account): getManyReference's target, a getList filter or a created record's
   * field puts that id in the path rather than in the query or the body.
   */
  parent?: string;
}

/** A record some screen reads or writes through the data provider, with no screen or menu of its own. */
interface RecordEntry {
  name: string;
  endpoints: Omit<ResourceEndpoints, 'list'> & { list?: ResourceEndpoints['list'] };
}

/** Where a menu shows an entry: the header's main navigation (and the phone dropdown), the user menu's groups, or nowhere. */
export type MenuPlace = 'main' | 'accountSettings' | 'platformAdmin' | 'none';

/**
 * What the providers and menus need to know of a resource, without its screens: the data
 * provider reads the endpoints, the auth provider the permission, the header and the user menu
 * the menu place. A resource's views live in its folder's index.ts, loaded lazily.
 */
export interface ResourceEntry {
  name: string;
  endpoints: ResourceEndpoints;
  /** Which menu shows it (to users who may list it). */
  menu: MenuPlace;
  /** Its place within the menu (lower first; entries without one follow in registry order). */
  menuOrder?: number;
  /** The menu label (a translation key). */
  label: string;
  permission: PermissionResource;
}

/**
 * A console screen that is not a resource (a custom route of src/screens), declared here with
 * its permission so the header, the phone dropdown and the user menu are all built from this
 * file and show it only to users the permission lets in.
 */
interface ScreenEntry {
  path: string;
  menu: MenuPlace;
  menuOrder?: number;
  label: string;
  icon?: ComponentType;
  permission: { resource: PermissionResource; action: string };
}

/** react-admin's names for Platform Users and Platform Accounts: also their URLs, the spec's /admin/users and /admin/accounts. */
export const ADMIN_USERS = 'admin/users';
export const ADMIN_ACCOUNTS = 'admin/accounts';

export const screens: ScreenEntry[] = [
  { path: '/', menu: 'main', menuOrder: 1, label: 'app.nav.insights', permission: { resource: 'insights', action: 'list' } },
  { path: '/account-settings', menu: 'accountSettings', label: 'app.menu.configuration', icon: TuneIcon, permission: { resource: 'accounts', action: 'show' } },
  {
    path: '/account-settings/users',
    menu: 'accountSettings',
    label: 'app.menu.users',
    icon: GroupIcon,
    permission: { resource: 'account-users', action: 'list' },
  },
  {
    path: '/account-settings/subscription',
    menu: 'accountSettings',
    label: 'app.menu.subscription',
    icon: CreditCardIcon,
    permission: { resource: 'subscription', action: 'show' },
  },
];

export const registry: ResourceEntry[] = [
  // The job queue: counts by state and failed jobs with a retry (either queue driver).
  {
    name: 'admin/jobs',
    endpoints: { list: () => '/api/admin/jobs', one: (id) => `/api/admin/jobs/${id}` },
    menu: 'platformAdmin',
    label: 'app.menu.adminJobs',
    permission: 'admin-jobs',
  },
  // Declared resources (shared/resources/index.ts): endpoints, menu, label and permission from the declaration.
  ...declaredResources.map(entryOf),
];

const account = (id: string) => `/api/accounts/${id}`;
const user = (id: string) => `/api/users/${id}`;

/**
 * Records of the custom screens (settings, profile, Insights...). A record that exists once per
 * account or user takes that account's or user's id as its own ('me' for the signed-in user).
 */
const records: RecordEntry[] = [
  { name: 'me', endpoints: { one: () => user('me') } },
  { name: 'user-locales', endpoints: { one: (id) => `${user(id)}/locale` } },
  { name: 'user-avatars', endpoints: { one: (id) => `${user(id)}/avatar` } },
  { name: 'musician-profiles', endpoints: { one: (id) => `${user(id)}/musician` } },
  { name: 'account-plans', endpoints: { one: (id) => `${account(id)}/plan` } },
  // Its list path is where a plan change is posted (it answers the checkout's url).
  { name: 'subscription', endpoints: { list: (accountId) => `${account(accountId)}/subscription`, one: (id) => `${account(id)}/subscription` } },
  { name: 'billing-sessions', endpoints: { one: (id, accountId) => `${account(accountId)}/billing-sessions/${id}` } },
  { name: 'integrations', endpoints: { one: (id) => `${account(id)}/integrations` } },
  { name: 'dropbox', endpoints: { one: (id) => `${account(id)}/dropbox` } },
  // Reading it answers Dropbox's authorize url, where the browser goes to connect.
  { name: 'dropbox-connections', endpoints: { one: (id) => `${account(id)}/connect-dropbox` } },
  { name: 'webhook', endpoints: { one: (id) => `${account(id)}/webhook` } },
  { name: 'account-stats', endpoints: { one: (id) => `/api/account-stats/${id}` } },
  { name: 'active-pages', endpoints: { one: (id) => `/api/account-stats/${id}/active-pages` } },
  // An upload as the account's staff see it (Fan Data's player, the staff Like).
  { name: 'account-videos', endpoints: { one: (id, accountId) => `${account(accountId)}/videos/${id}` } },
  { name: 'fans', endpoints: { one: (id) => `${account(id)}/fans` } },
  { name: 'fan-erasures', endpoints: { one: (id) => `${account(id)}/fan-erasures` } },
];

export function findEntry(name: string): ResourceEntry {
  const found = registry.find((entry) => entry.name === name);
  if (!found) throw new Error(`Unknown resource ${name}`);
  return found;
}

/** The paths of a resource or of a screen's record. */
export function findEndpoints(name: string): RecordEntry['endpoints'] {
  const found = registry.find((entry) => entry.name === name) ?? records.find((entry) => entry.name === name);
  if (!found) throw new Error(`Unknown resource ${name}`);
  return found.endpoints;
}

/** The permission resource behind a react-admin resource name ('admin/users' -> 'admin-users'). */
export function permissionOf(name: string): string {
  return registry.find((entry) => entry.name === name)?.permission ?? name;
}
