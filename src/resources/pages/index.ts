import WebIcon from '@mui/icons-material/Web';
import type { ResourceDefinition } from '../types';
import { PageList } from './PageList';
import { PageEdit } from './PageEdit';

export const pages: ResourceDefinition = {
  name: 'pages',
  list: PageList,
  edit: PageEdit,
  icon: WebIcon,
  recordRepresentation: 'name',
  endpoints: {
    list: (accountId) => `/api/accounts/${accountId}/pages`,
    one: (id) => `/api/pages/${id}`,
  },
  menu: 'main',
  permission: 'pages',
};
