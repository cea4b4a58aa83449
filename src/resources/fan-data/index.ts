import TableChartIcon from '@mui/icons-material/TableChart';
import type { ResourceDefinition } from '../types';
import { findEntry } from '../registry';
import { lazyView } from '../../lazyView';

/** Fan Data at /data (issue 13): the submissions table, its export and a fan's erasure. */
export const fanData: ResourceDefinition = {
  ...findEntry('data'),
  list: lazyView(() => import('./FanDataList'), 'FanDataList'),
  icon: TableChartIcon,
};
