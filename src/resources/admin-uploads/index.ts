import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import type { ResourceDefinition } from '../types';
import { findEntry } from '../registry';
import { lazyView } from '../../lazyView';
import { ADMIN_UPLOADS } from '../uploads/uploadRecord';

/** Platform Uploads at /admin/uploads (named 'admin/uploads' for the spec's path, as admin/users is). */
export const adminUploads: ResourceDefinition = {
  ...findEntry(ADMIN_UPLOADS),
  list: lazyView(() => import('./AdminUploadList'), 'AdminUploadList'),
  icon: VideoLibraryIcon,
};
