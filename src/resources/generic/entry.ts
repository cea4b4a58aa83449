import { menuLabelKey, type AnyResource } from '#shared/resources/define';
import type { PermissionResource } from '#shared/domain/permissions';
import type { ResourceEntry } from '../registry';

/**
 * What the providers and menus need of a declared resource (no views): its endpoints under the
 * current account, its menu place, label and permission resource (its own name: the declared
 * access row is in the permission table, shared/domain/permissions.ts ruleFor).
 */
export function entryOf(resource: AnyResource): ResourceEntry {
  const list = (accountId: string) => `/api/accounts/${accountId}/${resource.name}`;
  return {
    name: resource.name,
    endpoints: { list, one: (id, accountId) => `${list(accountId)}/${id}` },
    menu: resource.menu,
    label: menuLabelKey(resource),
    permission: resource.name as PermissionResource,
  };
}
