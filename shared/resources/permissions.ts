import { permissionTable } from '../domain/permissions';
import { resources } from './index';

/** The product's permission table: PERMISSIONS and the declared resources' access rows, built once. */
export const permissions = permissionTable(resources);
