import { useMediaQuery, type Theme } from '@mui/material';

/** Phones (below the theme's sm breakpoint) get lists as SimpleList instead of tables. */
export function useIsPhone(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
}
