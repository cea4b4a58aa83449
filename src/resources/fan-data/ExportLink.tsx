import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import queryString from 'query-string';
import { useListContext, useTranslate } from 'react-admin';
import { useAppContext } from '../../appContext';

/** Export CSV: a plain download of exactly the rows the current filters and sort show. */
export const ExportLink = () => {
  const translate = useTranslate();
  const { filterValues, sort } = useListContext();
  const accountId = useAppContext().data?.account?.id;
  if (!accountId) return null;
  const query = queryString.stringify({ ...filterValues, sort: sort.field, order: sort.order.toLowerCase() }, { skipNull: true, skipEmptyString: true });
  return (
    <Button component="a" href={`/api/accounts/${accountId}/export-submissions?${query}`} download startIcon={<DownloadIcon />}>
      {translate('resources.data.export')}
    </Button>
  );
};
