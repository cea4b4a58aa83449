import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';
import type { PermissionResource } from '../domain/permissions';

/** Paths of a resource's endpoints; `accountId` is the current account. */
export interface ResourceEndpoints {
  list: (accountId: string) => string;
  one: (id: string, accountId: string) => string;
  create?: (accountId: string) => string;
}

/**
 * One resource, declared in its folder's index.ts: views, icon, label, endpoints, menu place
 * and the permission resource that canAccess reads. App.tsx renders every declared resource.
 */
export interface ResourceDefinition {
  name: string;
  list?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
  recordRepresentation?: string | ((record: RaRecord) => string);
  endpoints: ResourceEndpoints;
  /** Which menu shows it: the header's main navigation, the Platform Admin group, or none. */
  menu: 'main' | 'platformAdmin' | 'none';
  permission: PermissionResource;
}
