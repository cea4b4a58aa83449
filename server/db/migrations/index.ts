import * as initial from './20261122000000-Initial';
import * as uploadReview from './20261123060000-UploadReview';

/** Every migration, in order. A new migration is a new file and a line here. */
export const migrations = {
  '20261122000000-Initial': initial,
  '20261123060000-UploadReview': uploadReview,
};
