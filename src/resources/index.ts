import type { ResourceDefinition } from './types';
import { pages } from './pages';
import { adminUsers } from './admin-users';
import { adminAccounts } from './admin-accounts';

/**
 * Every resource of the console. Adding a resource is a folder under src/resources and a
 * line here.
 */
export const resources: ResourceDefinition[] = [pages, adminUsers, adminAccounts];

export function findResource(name: string): ResourceDefinition {
  const found = resources.find((resource) => resource.name === name);
  if (!found) throw new Error(`Unknown resource ${name}`);
  return found;
}

/** The permission resource behind a react-admin resource name ('admin/users' -> 'admin-users'). */
export function permissionOf(name: string): string {
  return resources.find((resource) => resource.name === name)?.permission ?? name;
}
