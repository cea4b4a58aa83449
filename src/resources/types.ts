import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';
import type { ResourceEntry } from './registry';

/**
 * One resource, declared in its folder's index.ts: its registry entry with views (lazily
 * loaded, so each screen is a chunk of its own), icon and record representation.
 * App.tsx renders every declared resource.
 */
export interface ResourceDefinition extends ResourceEntry {
  list?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
  recordRepresentation?: string | ((record: RaRecord) => string);
}
