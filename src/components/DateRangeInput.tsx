import type { SxProps, Theme } from '@mui/material';
import { useInput } from 'react-admin';
import { DateRangeFilter } from './DateRangeFilter';

/**
 * The date range filter as a react-admin input of a FilterLiveForm: it writes the form's
 * `startDate` and `endDate` (YYYY-MM-DD), which the list keeps in the URL.
 */
export const DateRangeInput = ({ id, sx }: { id?: string; sx?: SxProps<Theme> }) => {
  const { field: start } = useInput<string>({ source: 'startDate' });
  const { field: end } = useInput<string>({ source: 'endDate' });
  return (
    <DateRangeFilter
      id={id}
      sx={sx}
      value={{ startDate: start.value || undefined, endDate: end.value || undefined }}
      onChange={(range) => {
        start.onChange(range.startDate ?? '');
        end.onChange(range.endDate ?? '');
      }}
    />
  );
};
