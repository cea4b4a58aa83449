import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useListContext, useTranslate } from 'react-admin';
import { useAppContext } from '../../appContext';
import { bustOnClick, cacheBusted } from '../../http';

/** Export CSV: a plain download of exactly the rows the current filters and sort show, cache-busted as every GET. */
export const ExportLink = () => {
  const translate = useTranslate();
  const { filterValues, sort } = useListContext();
  const accountId = useAppContext().data?.account?.id;
  if (!accountId) return null;
  const href = cacheBusted(`/api/accounts/${accountId}/export-submissions`, { ...filterValues, sort: sort.field, order: sort.order.toLowerCase() });
  return (
    <Button component="a" href={href} onClick={bustOnClick} download startIcon={<DownloadIcon />}>
      {translate('resources.data.export')}
    </Button>
  );
};
