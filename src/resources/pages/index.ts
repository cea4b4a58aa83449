import WebIcon from '@mui/icons-material/Web';
import type { ResourceDefinition } from '../types';
import { findEntry } from '../registry';
import { lazyView } from '../../lazyView';

export const pages: ResourceDefinition = {
  ...findEntry('pages'),
  list: lazyView(() => import('./PageList'), 'PageList'),
  edit: lazyView(() => import('./PageEdit'), 'PageEdit'),
  icon: WebIcon,
  recordRepresentation: 'name',
};
