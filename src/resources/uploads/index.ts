import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import type { ResourceDefinition } from '../types';
import { findEntry } from '../registry';
import { lazyView } from '../../lazyView';
import { UPLOADS } from './uploadRecord';

/** Fan Uploads at /uploads: the grid, its filters, the content dialog and bulk review. */
export const uploads: ResourceDefinition = {
  ...findEntry(UPLOADS),
  list: lazyView(() => import('./UploadList'), 'UploadList'),
  icon: VideoLibraryIcon,
};
