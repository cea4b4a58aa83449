import { useEffect } from 'react';
import { useEventCallback } from '@mui/material/utils';

/** Listens to the window's `name` events while mounted; the handler is always the last render's, so it reads current state. */
export function useWindowEvent<E extends Event = Event>(name: string, handler: (event: E) => void): void {
  const listener = useEventCallback(handler as (event: Event) => void);
  useEffect(() => {
    window.addEventListener(name, listener);
    return () => window.removeEventListener(name, listener);
  }, [name, listener]);
}
