import { menuLabelKey, parentOf, type AnyResource } from '#shared/resources/define';
import type { PermissionResource } from '#shared/domain/permissions';
import type { ResourceEntry } from '../registry';

/**
 * What the providers and menus need of a declared resource (no views): its endpoints under its
 * parent (the current account unless it names another), its menu place, label and permission
 * resource (its own name: the declared access row is in the permission table).
 */
export function entryOf(resource: AnyResource): ResourceEntry {
  const list = (parentId: string) => `/api/${parentOf(resource).path.replace(':id', parentId)}`;
  return {
    name: resource.name,
    endpoints: { list, one: (id, accountId) => `${list(accountId)}/${id}` },
    menu: resource.menu,
    label: menuLabelKey(resource),
    permission: resource.name as PermissionResource,
  };
}
