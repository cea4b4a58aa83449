import type { ReactNode } from 'react';
import { Box, Button } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { Form, TextInput, useListContext, useResourceContext, useTranslate } from 'react-admin';

/** The values a search sends: text trimmed; empty text and empty choices are no filter. */
function searchedFilters(values: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value] as const);
  return Object.fromEntries(entries.filter(([, value]) => (Array.isArray(value) ? value.length > 0 : !!value)));
}

/**
 * A list's search applied with its Search button (platform users and accounts): a react-admin
 * Form over the list's filters (which the list keeps in the URL), so a filter changed elsewhere
 * (back navigation, stored list params) shows in its inputs, and Search sets them. The button's
 * label is the resource's `search.submit`.
 */
export const SearchForm = ({ action, children }: { action?: ReactNode; children: ReactNode }) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const { filterValues, setFilters } = useListContext();
  return (
    <Form record={filterValues} onSubmit={(values: Record<string, unknown>) => setFilters(searchedFilters(values), {}, false)}>
      <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1, sm: 2 }, alignItems: 'center', p: 2 }}>
        {children}
        <Button type="submit" variant="outlined" startIcon={<SearchIcon />}>
          {translate(`resources.${resource}.search.submit`)}
        </Button>
        {action && <Box sx={{ ml: 'auto' }}>{action}</Box>}
      </Box>
    </Form>
  );
};

/** The search's text (the list's `q` filter), labelled by an i18n key; `width` on wider screens, half a row on phones. */
// On a phone the search takes its own row, so its label ('Search by name or slug') is read whole.
export const SearchTextInput = ({ label, width }: { label: string; width: number }) => (
  <TextInput
    source="q"
    size="small"
    fullWidth={false}
    margin="none"
    helperText={false}
    label={label}
    slotProps={{ htmlInput: { maxLength: 100 } }}
    sx={{ width: { xs: '100%', sm: width } }}
  />
);
