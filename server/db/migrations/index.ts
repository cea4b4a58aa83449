import * as initial from './20261122000000-Initial';
import * as jobLeases from './20261123050000-JobLeases';

/** Every migration, in order. A new migration is a new file and a line here. */
export const migrations = {
  '20261122000000-Initial': initial,
  '20261123050000-JobLeases': jobLeases,
};
