import type { ReactNode } from 'react';
import { ListItem, ListItemText, Stack } from '@mui/material';

/** One row of the account users' phone lists: who or what, a line of detail, and its buttons under them. */
export const PhoneListRow = ({ primary, secondary, actions }: { primary: ReactNode; secondary: string; actions?: ReactNode }) => (
  <ListItem divider disableGutters sx={{ flexWrap: 'wrap' }}>
    <ListItemText
      primary={primary}
      secondary={secondary}
      slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
    />
    {actions && (
      <Stack direction="row" sx={{ width: '100%', justifyContent: 'flex-end' }}>
        {actions}
      </Stack>
    )}
  </ListItem>
);
