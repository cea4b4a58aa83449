import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AppContext } from '#shared/domain/types';
import { getAppContext } from './authProvider';

export const APP_CONTEXT_QUERY_KEY = ['app-context'] as const;

/** The signed-in context (user, current account, config) the auth provider holds, for the screens through react-query. */
export function useAppContext() {
  return useQuery({ queryKey: APP_CONTEXT_QUERY_KEY, queryFn: () => getAppContext(), staleTime: Infinity });
}

/** Reads the context again (the plan or the user changed) through react-query, so every screen on useAppContext follows. */
export function refreshAppContext(queryClient: QueryClient): Promise<AppContext> {
  return queryClient.fetchQuery({ queryKey: APP_CONTEXT_QUERY_KEY, queryFn: () => getAppContext(true), staleTime: 0 });
}
