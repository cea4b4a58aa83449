import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AppContext } from '#shared/domain/types';
import { request } from './http';

/**
 * The signed-in context (user, current account, config) from GET /api/auth/context, kept once
 * for the providers and the screens. Switching account or signing out reloads the app, so
 * this cache never outlives the session it describes.
 */
let cached: Promise<AppContext> | undefined;

export function getAppContext(force = false): Promise<AppContext> {
  if (!cached || force) {
    cached = request<AppContext>('/api/auth/context', { handleAuthErrors: false });
    cached.catch(() => {
      cached = undefined;
    });
  }
  return cached;
}

export function setAppContext(context: AppContext): void {
  cached = Promise.resolve(context);
}

/** Whether a signed-in context is held (or being loaded). */
export function hasAppContext(): boolean {
  return cached !== undefined;
}

export function clearAppContext(): void {
  cached = undefined;
}

/** The current account id, for the data provider's account-scoped paths. */
export async function currentAccountId(): Promise<string> {
  const context = await getAppContext();
  if (!context.account) throw new Error('No current account');
  return context.account.id;
}

export const APP_CONTEXT_QUERY_KEY = ['app-context'] as const;

export function useAppContext() {
  return useQuery({ queryKey: APP_CONTEXT_QUERY_KEY, queryFn: () => getAppContext(), staleTime: Infinity });
}

/** Reads the context again (the plan or the user changed) through react-query, so every screen on useAppContext follows. */
export function refreshAppContext(queryClient: QueryClient): Promise<AppContext> {
  return queryClient.fetchQuery({ queryKey: APP_CONTEXT_QUERY_KEY, queryFn: () => getAppContext(true), staleTime: 0 });
}
