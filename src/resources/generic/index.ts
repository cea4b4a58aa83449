import { createElement, type ComponentType } from 'react';
import ListAltIcon from '@mui/icons-material/ListAlt';
import WebIcon from '@mui/icons-material/Web';
import GroupIcon from '@mui/icons-material/Group';
import BusinessIcon from '@mui/icons-material/Business';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import TableChartIcon from '@mui/icons-material/TableChart';
import { actionsOf, titleFieldOf, type AnyResource } from '#shared/resources/define';
import { lazyView } from '../../lazyView';
import type { ResourceDefinition } from '../types';
import { entryOf } from './entry';

type Views = Pick<ResourceDefinition, 'list' | 'edit' | 'create' | 'show' | 'icon' | 'recordRepresentation'>;

/** The menu's icon of a resource, by name (icons are the console's, not the declaration's): a list's by default. */
const ICONS: Readonly<Record<string, ComponentType>> = {
  pages: WebIcon,
  uploads: VideoLibraryIcon,
  data: TableChartIcon,
  'admin/users': GroupIcon,
  'admin/accounts': BusinessIcon,
  'admin/uploads': VideoLibraryIcon,
};

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
  // A resource under another row (a user's messages) or shown by a screen of its own (the account's users) has no default views.
  const standalone = !resource.parent && resource.views !== false;
  const has = (action: 'list' | 'show' | 'create' | 'edit') => standalone && viewsOf(resource).includes(action);
  return {
    ...entryOf(resource),
    list: has('list') ? generic(resource, 'ResourceList') : undefined,
    edit: has('edit') ? generic(resource, 'ResourceEdit') : undefined,
    create: has('create') ? generic(resource, 'ResourceCreate') : undefined,
    show: has('show') ? generic(resource, 'ResourceShow') : undefined,
    icon: ICONS[resource.name] ?? ListAltIcon,
    recordRepresentation: titleFieldOf(resource),
    ...overrides,
  };
}

/** The views a resource has: the declared ones, else one for each of its actions that has a view. */
const viewsOf = (resource: AnyResource): readonly string[] => (Array.isArray(resource.views) ? resource.views : actionsOf(resource));

/** The file that replaces each view: `src/resources/<name>/List.tsx` and so on. */
const VIEW_FILES = { 'List.tsx': 'list', 'Edit.tsx': 'edit', 'Create.tsx': 'create', 'Show.tsx': 'show' } as const;

/** View files as a lazy `import.meta.glob` gives them: path ('./venues/Edit.tsx') to its loader. */
export type ViewFiles = Record<string, () => Promise<{ default: ComponentType }>>;

/**
 * Every declared resource with its views, each replaced where its folder has a file of the
 * view's name whose default export is the view (`src/resources/venues/Edit.tsx`), found by the
 * resource's name and loaded when first shown, so overriding a view is one file and no edit
 * elsewhere. A file whose folder names no declared resource, or a view of an action the
 * resource does not have, is an error, not a view that silently never shows.
 */
export function declaredDefinitions(declared: readonly AnyResource[], files: ViewFiles): ResourceDefinition[] {
  const overrides = new Map<string, Partial<Views>>();
  for (const [file, load] of Object.entries(files)) {
    const [name, fileName] = file.split('/').slice(-2);
    const where = `src/resources/${name}/${fileName}`;
    const view = VIEW_FILES[fileName as keyof typeof VIEW_FILES];
    if (!view) throw new Error(`${where}: a view file is List.tsx, Edit.tsx, Create.tsx or Show.tsx`);
    // A resource named as a path (admin/users) has its views in the folder admin-users.
    const resource = declared.find((candidate) => candidate.name.replace('/', '-') === name);
    if (!resource) throw new Error(`${where}: no declared resource is named ${name}`);
    if (!viewsOf(resource).includes(view)) throw new Error(`${where}: ${name} has no ${view} action or view`);
    overrides.set(resource.name, { ...overrides.get(resource.name), [view]: lazyView(load, 'default') });
  }
  return declared.map((resource) => resourceDefinition(resource, overrides.get(resource.name)));
}
