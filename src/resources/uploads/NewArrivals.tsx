import { useEffect, useRef, useState } from 'react';
import { Box, Button } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { useGetList, useListContext, useTranslate } from 'react-admin';
import type { UploadRecord } from './uploadRecord';

/** How often the newest uploads are read while the tab is shown (react-query pauses in a hidden tab). */
const LOOK_EVERY_MS = 15_000;
/** How many of the newest are read: more than this says 'N+'. */
const NEWEST = 20;

const newestOf = (uploads: UploadRecord[] | undefined) =>
  (uploads ?? []).reduce((newest, upload) => (upload.createdAt > newest ? upload.createdAt : newest), '');

/**
 * 'Show 3 new uploads': what fans sent since the grid was read, under its filters. The grid is not
 * read again on its own (cards moving under the pointer lose staff their place); the newest
 * uploads are, and a click brings them in.
 */
export const NewArrivals = () => {
  const translate = useTranslate();
  const { resource, filterValues, data, refetch } = useListContext<UploadRecord>();
  const filterKey = JSON.stringify(filterValues);
  const newest = useGetList<UploadRecord>(
    resource,
    { pagination: { page: 1, perPage: NEWEST }, sort: { field: 'createdAt', order: 'DESC' }, filter: filterValues },
    { refetchInterval: LOOK_EVERY_MS },
  );
  /** The newest upload known when the grid was last read, for the grid's filters. */
  const [seen, setSeen] = useState<{ filterKey: string; since: string }>();
  const askedAt = useRef(0);
  const { refetch: readNewest, data: newestUploads, dataUpdatedAt } = newest;

  // Each read of the grid (a filter, an action, this button) shows what was there: counting starts
  // again from the newest uploads read after it.
  useEffect(() => {
    askedAt.current = Date.now();
    void readNewest();
  }, [data, filterKey, readNewest]);
  useEffect(() => {
    if (!askedAt.current || !newestUploads || dataUpdatedAt < askedAt.current) return;
    askedAt.current = 0;
    setSeen({ filterKey, since: newestOf(newestUploads) });
  }, [newestUploads, dataUpdatedAt, filterKey]);

  const count = seen?.filterKey === filterKey ? (newestUploads ?? []).filter((upload) => upload.createdAt > seen.since).length : 0;
  // The live region is there before anything arrives, so a screen reader hears the button come.
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', my: count ? 1 : 0 }}>
      {count > 0 && (
        <Button variant="contained" size="small" startIcon={<ArrowUpwardIcon />} onClick={() => void refetch()}>
          {count >= NEWEST
            ? translate(`resources.${resource}.newArrivalsMany`, { count: NEWEST })
            : translate(`resources.${resource}.newArrivals`, { smart_count: count })}
        </Button>
      )}
    </Box>
  );
};
