import { Link, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { Page } from '../records';

/**
 * The Pages list's Page column: the capture page's address, a link to the live page when the
 * page is enabled (a click on it opens the page in a new tab, not the row's editor), plain
 * text otherwise (the address answers 'not available' until the page is enabled).
 */
export const PageAddressField = (_props: { source: string; sortable?: boolean; label?: string }) => {
  const page = useRecordContext<Page>();
  if (!page) return null;
  if (page.status !== 'enabled') {
    return (
      <Typography variant="body2" component="span">
        {page.address}
      </Typography>
    );
  }
  return (
    <Link href={page.address} target="_blank" rel="noopener" variant="body2" onClick={(event) => event.stopPropagation()}>
      {page.address}
    </Link>
  );
};
