import type { ComponentType } from 'react';
import type { ResourceDefinition } from './types';
import { adminJobs } from './admin-jobs';
import { resources as declaredResources } from '#shared/resources/index';
import { declaredDefinitions, type ViewFiles } from './generic';

/** Views declared resources replace: src/resources/<name>/List.tsx etc., each a chunk loaded when first shown. */
const ownViews: ViewFiles = import.meta.glob<{ default: ComponentType }>('./*/{List,Edit,Create,Show}.tsx');

/**
 * Every resource of the console. A declared resource (shared/resources/index.ts) comes with its
 * default views (src/resources/generic), any of them replaced by its folder's List.tsx,
 * Edit.tsx, Create.tsx or Show.tsx. A hand-made one: its entry in registry.ts (endpoints, menu,
 * permission), a folder under src/resources with its views and index.ts, and a line here.
 */
export const resources: ResourceDefinition[] = [adminJobs, ...declaredDefinitions(declaredResources, ownViews)];
