import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { authProvider, clearAppContext, currentAccountId, hasAppContext } from '../../src/authProvider';
import { APP_CONTEXT_QUERY_KEY, refreshAppContext } from '../../src/appContext';
import { contextFor } from './render';

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe("the auth provider's signed-in context", () => {
  let fetchMock: ReturnType<typeof vi.spyOn>;
  const contextReads = () => fetchMock.mock.calls.filter(([url]: unknown[]) => String(url).startsWith('/api/auth/context')).length;
  beforeEach(() => {
    clearAppContext();
    fetchMock = vi.spyOn(globalThis, 'fetch');
  });
  afterEach(() => {
    fetchMock.mockRestore();
    clearAppContext();
  });

  it('is read once a session for the checks, the identity and the account paths', async () => {
    fetchMock.mockImplementation(async () => answer(contextFor()));
    await authProvider.checkAuth({});
    const identity = await authProvider.getIdentity!();
    expect(await authProvider.canAccess!({ resource: 'pages', action: 'list' })).toBe(true);
    expect(await currentAccountId()).toBe('a1');
    expect(identity.account).toMatchObject({ id: 'a1' });
    expect(contextReads()).toBe(1);
  });

  it('is read again on refresh, and the screens following the query see the new one', async () => {
    fetchMock
      .mockImplementationOnce(async () => answer(contextFor()))
      .mockImplementationOnce(async () => answer(contextFor({ account: { subscriptionPlan: 'pro' } })));
    await authProvider.checkAuth({});
    const queryClient = new QueryClient();
    await refreshAppContext(queryClient);
    expect(contextReads()).toBe(2);
    expect(queryClient.getQueryData(APP_CONTEXT_QUERY_KEY)).toMatchObject({ account: { subscriptionPlan: 'pro' } });
    expect(await currentAccountId()).toBe('a1');
    expect(contextReads()).toBe(2);
  });

  it('sends a signed-out visitor to sign in without reloading, and asks again next time', async () => {
    const reload = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, pathname: '/', reload } });
    fetchMock.mockImplementation(async () => answer({ error: 'Unauthorized', message: 'Sign in' }, 401));
    try {
      await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
      expect(hasAppContext()).toBe(false);
      await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
      expect(contextReads()).toBe(2);
      expect(reload).not.toHaveBeenCalled();
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});
