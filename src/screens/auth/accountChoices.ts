import { useEffect } from 'react';
import type { AccountChoice } from '@shared/domain/types';
import { request, type RequestOptions } from '../../http';

const SEARCH_DELAY_MS = 250;

/**
 * Loads the accounts the user may select, searched by name on the server; typing waits a
 * moment so each keystroke does not make a request.
 */
export function useAccountChoices(
  search: string,
  onLoaded: (accounts: AccountChoice[]) => void,
  onError: (error: unknown) => void,
  options: Pick<RequestOptions, 'handleAuthErrors' | 'errorDialog'> = {},
  enabled = true,
): void {
  const { handleAuthErrors, errorDialog } = options;
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(
      () => {
        request<{ data: AccountChoice[] }>('/api/users/me/accounts', {
          query: { q: search || undefined },
          handleAuthErrors,
          errorDialog,
        }).then(({ data }) => onLoaded(data), onError);
      },
      search ? SEARCH_DELAY_MS : 0,
    );
    return () => clearTimeout(timer);
    // The callbacks are the caller's reactions; only the search (and being shown) reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, enabled]);
}
