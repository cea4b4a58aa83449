import type { Rule } from '../domain/permissions';
import type { AnyResource } from './define';
import { resources } from './index';

/**
 * The declared resources in force: the product's list (index.ts), plus any a test adds. The
 * permission table (shared/domain/permissions.ts ruleFor) reads their access rows from here.
 */
const declared = new Map<string, AnyResource>(resources.map((resource) => [resource.name, resource]));

/** Adds declarations (tests: a resource outside production). A name declared twice must be the same declaration. */
export function registerResources(list: readonly AnyResource[]): void {
  for (const resource of list) {
    const known = declared.get(resource.name);
    if (known && known !== resource) throw new Error(`Resource ${resource.name} is declared twice`);
    declared.set(resource.name, resource);
  }
}

export function declaredResources(): AnyResource[] {
  return [...declared.values()];
}

export function declaredResource(name: string): AnyResource | undefined {
  return declared.get(name);
}

/** The rule of a declared resource's action, as PERMISSIONS would give it. */
export function declaredRule(resource: string, action: string): Rule | undefined {
  return (declared.get(resource)?.access as Record<string, Rule> | undefined)?.[action];
}
