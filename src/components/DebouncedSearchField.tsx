import { TextField } from '@mui/material';
import { useDebouncedEvent } from 'react-admin';

const SEARCH_DELAY_MS = 250;

/** A search box that hands its text over once typing pauses, so each keystroke does not make a request (the user's accounts, searched on the server). */
export const DebouncedSearchField = ({ label, onSearch, autoFocus }: { label: string; onSearch: (text: string) => void; autoFocus?: boolean }) => {
  const handOver = useDebouncedEvent(onSearch, SEARCH_DELAY_MS);
  return <TextField label={label} onChange={(event) => handOver(event.target.value)} fullWidth margin="dense" type="search" autoFocus={autoFocus} />;
};
