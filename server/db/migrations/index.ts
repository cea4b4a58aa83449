import * as initial from './20261122000000-Initial';

/** Every migration, in order. A new migration is a new file and a line here. */
export const migrations = {
  '20261122000000-Initial': initial,
};
