import { createElement, type ComponentType } from 'react';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { actionsOf, type AnyResource } from '#shared/resources/define';
import { lazyView } from '../../lazyView';
import type { ResourceDefinition } from '../types';
import { entryOf } from './entry';

export { entryOf };

export type Views = Pick<ResourceDefinition, 'list' | 'edit' | 'create' | 'show' | 'icon' | 'recordRepresentation'>;

/** A generic view bound to its declaration, loaded when first shown (a chunk of its own). */
const generic = (resource: AnyResource, name: 'ResourceList' | 'ResourceEdit' | 'ResourceCreate' | 'ResourceShow') =>
  lazyView(async () => {
    const views = name === 'ResourceList' ? await import('./ResourceList') : await import('./ResourceViews');
    const View = (views as unknown as Record<string, ComponentType<{ resource: AnyResource }>>)[name];
    return { Bound: () => createElement(View, { resource }) };
  }, 'Bound');

/**
 * A declared resource as react-admin's <Resource> props: default List, Edit (read-only for
 * members who may not edit), Create and Show views for the actions it has; `overrides`
 * replaces any of them, one view at a time.
 */
export function resourceDefinition(resource: AnyResource, overrides: Partial<Views> = {}): ResourceDefinition {
  const has = (action: 'list' | 'show' | 'create' | 'edit') => actionsOf(resource).includes(action);
  return {
    ...entryOf(resource),
    list: has('list') ? generic(resource, 'ResourceList') : undefined,
    edit: has('edit') ? generic(resource, 'ResourceEdit') : undefined,
    create: has('create') ? generic(resource, 'ResourceCreate') : undefined,
    show: has('show') ? generic(resource, 'ResourceShow') : undefined,
    icon: ListAltIcon,
    recordRepresentation: Object.keys(resource.fields)[0],
    ...overrides,
  };
}

/**
 * Every declared resource with its views, each replaced where its folder says so: the default
 * export of `src/resources/<name>/views.ts` (`{ edit: lazyView(() => import('./VenueEdit'), 'VenueEdit') }`),
 * found by the resource's name, so overriding a view is no edit elsewhere. `views` maps such
 * files' paths ('./venues/views.ts', as import.meta.glob gives them) to their exports; one
 * whose folder names no declared resource is an error, not a view that silently never shows.
 */
export function declaredDefinitions(declared: readonly AnyResource[], views: Record<string, Partial<Views>>): ResourceDefinition[] {
  const byName = new Map(Object.entries(views).map(([file, own]) => [file.split('/').at(-2) ?? file, own]));
  for (const name of byName.keys()) {
    if (!declared.some((resource) => resource.name === name)) throw new Error(`src/resources/${name}/views.ts: no declared resource is named ${name}`);
  }
  return declared.map((resource) => resourceDefinition(resource, byName.get(resource.name)));
}
