import type { AnyResource } from './define';

/**
 * Every declared resource of the product (issue 31): a resource exists by its line here, and the
 * server's routes, the permission table and the console's screens and menu all read this list.
 * Test resources are added by the test helpers (registerResources), never here.
 */
export const resources: readonly AnyResource[] = [];
