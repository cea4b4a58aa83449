import { menuLabelKey, parentOf, permissionOf, type AnyResource } from '#shared/resources/define';
import type { PermissionResource } from '#shared/domain/permissions';
import type { ResourceEntry } from '../registry';

/**
 * What the providers and menus need of a declared resource (no views): its endpoints under its
 * parent (the current account unless it names another), its menu place, label and permission
 * resource (its own name: the declared access row is in the permission table). A record with a
 * path of its own is read and written there.
 */
export function entryOf(resource: AnyResource): ResourceEntry {
  const parent = parentOf(resource);
  const list = (parentId: string) => `/api/${parent.path.replace(':id', parentId)}`;
  // A record reached by its own id (/api/pages/:id), or under its parent.
  const one = resource.recordPath
    ? (id: string) => `/api/${resource.recordPath!.replace(':id', id)}`
    : (id: string, parentId: string) => `${list(parentId)}/${id}`;
  return {
    name: resource.name,
    // Under a row of another table (a user's messages), the field that names it puts its id in the path.
    endpoints: { list, one, ...(parent.table === 'accounts' ? {} : { parent: parent.column }) },
    menu: resource.menu,
    ...(resource.menuOrder !== undefined ? { menuOrder: resource.menuOrder } : {}),
    label: resource.menuLabel ?? menuLabelKey(resource),
    permission: permissionOf(resource) as PermissionResource,
  };
}
