import WorkHistoryIcon from '@mui/icons-material/WorkHistory';
import type { ResourceDefinition } from '../types';
import { findEntry } from '../registry';
import { lazyView } from '../../lazyView';

/** The queue screen at /admin/jobs: counts by state, failed jobs with their error and a retry. */
export const adminJobs: ResourceDefinition = {
  ...findEntry('admin/jobs'),
  list: lazyView(() => import('./AdminJobList'), 'AdminJobList'),
  icon: WorkHistoryIcon,
  recordRepresentation: 'kind',
};
