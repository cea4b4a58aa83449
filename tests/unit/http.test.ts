import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_EVENTS, bustOnClick, cacheBusted, recentApiError, request, resetKnownVersion, STORAGE_KEYS } from '../../src/http';
import { ApiError } from '../../src/apiError';

function answer(body: unknown, status = 200, version = '1.0.0') {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-app-version': version } });
}

describe('request()', () => {
  let fetchMock: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    resetKnownVersion();
    fetchMock = vi.spyOn(globalThis, 'fetch');
  });
  afterEach(() => fetchMock.mockRestore());

  it('adds a cache-buster to GETs and sends the version once it is known', async () => {
    fetchMock.mockResolvedValueOnce(answer({ ok: 1 })).mockResolvedValueOnce(answer({ ok: 2 }));
    await request('/api/thing', { query: { q: 'owls' } });
    await request('/api/thing');
    const [firstUrl, firstInit] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(firstUrl).toMatch(/^\/api\/thing\?_=\d+&q=owls$/);
    expect((firstInit.headers as Record<string, string>)['x-app-version']).toBeUndefined();
    const [, secondInit] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect((secondInit.headers as Record<string, string>)['x-app-version']).toBe('1.0.0');
  });

  it('announces a new application version', async () => {
    const changed = vi.fn();
    window.addEventListener(APP_EVENTS.versionChanged, changed);
    fetchMock.mockResolvedValueOnce(answer({}, 200, '1.0.0')).mockResolvedValueOnce(answer({}, 200, '1.0.1'));
    await request('/api/a');
    expect(changed).not.toHaveBeenCalled();
    await request('/api/b');
    expect(changed).toHaveBeenCalledTimes(1);
    window.removeEventListener(APP_EVENTS.versionChanged, changed);
  });

  it('turns error answers into ApiError with the field errors react-admin forms read', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(
        {
          status: 402,
          error: 'PlanLimitError',
          message: 'Pages limit reached. Please upgrade your plan.',
          errors: [
            { path: 'upsell', message: 'active_pages' },
            { path: 'slug', message: 'Slug already in use' },
          ],
        },
        402,
      ),
    );
    const error = await request('/api/pages', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(402);
    expect((error as ApiError).upsell).toBe('active_pages');
    // 'upsell' names a plan prompt, not an input: only fields reach the form.
    expect((error as ApiError).body.errors).toEqual({ slug: 'Slug already in use' });
  });

  it('opens the error dialog only for callers that ask for it', async () => {
    const shown = vi.fn();
    window.addEventListener(APP_EVENTS.error, shown);
    fetchMock.mockImplementation(async () => answer({ status: 409, error: 'ConflictError', message: 'Taken', errors: [] }, 409));
    await request('/api/x', { method: 'POST', body: {} }).catch(() => undefined);
    expect(shown).not.toHaveBeenCalled();
    await request('/api/x', { method: 'POST', body: {}, errorDialog: true }).catch(() => undefined);
    expect(shown).toHaveBeenCalledTimes(1);
    window.removeEventListener(APP_EVENTS.error, shown);
  });
});

describe('one path for every failed call (spec section 8)', () => {
  let fetchMock: ReturnType<typeof vi.spyOn>;
  const events: string[] = [];
  const record = (event: Event) => events.push(event.type);
  beforeEach(() => {
    resetKnownVersion();
    events.length = 0;
    fetchMock = vi.spyOn(globalThis, 'fetch');
    window.addEventListener(APP_EVENTS.forbidden, record);
    window.addEventListener(APP_EVENTS.error, record);
  });
  afterEach(() => {
    fetchMock.mockRestore();
    window.removeEventListener(APP_EVENTS.forbidden, record);
    window.removeEventListener(APP_EVENTS.error, record);
  });

  it("'A 403 authorization error sends the user to /': every request() says so, dialog or not", async () => {
    fetchMock.mockImplementation(async () => answer({ status: 403, error: 'AuthorizationError', message: 'Forbidden', errors: [] }, 403));
    await request('/api/accounts/a1/subscription').catch(() => undefined);
    await request('/api/accounts/a1/users', { errorDialog: true }).catch(() => undefined);
    expect(events).toEqual([APP_EVENTS.forbidden, APP_EVENTS.forbidden]);
  });

  it('a plan limit (403 with upgrade) is not an authorization error, and sign-in forms handle their own 403', async () => {
    fetchMock
      .mockResolvedValueOnce(
        answer({ status: 403, error: 'PlanLimitError', message: 'Please upgrade your plan', errors: [{ path: 'upsell', message: 'active_pages' }] }, 403),
      )
      .mockResolvedValueOnce(answer({ status: 403, error: 'AuthorizationError', message: 'Forbidden', errors: [] }, 403));
    await request('/api/pages/p1/enable', { method: 'POST' }).catch(() => undefined);
    await request('/api/auth/switch-account/a2', { method: 'POST', handleAuthErrors: false }).catch(() => undefined);
    expect(events).toEqual([]);
  });

  it('a 401 outside /login sets the session-expired marker, remembers the path and reloads', async () => {
    const reload = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, pathname: '/pages', search: '?x=1', reload } });
    try {
      fetchMock.mockResolvedValueOnce(answer({ status: 401, error: 'AuthenticationError', message: 'Sign in', errors: [] }, 401));
      await request('/api/accounts/a1/integrations', { errorDialog: true }).catch(() => undefined);
      expect(reload).toHaveBeenCalledTimes(1);
      expect(localStorage.getItem(STORAGE_KEYS.sessionExpired)).toBe('1');
      expect(localStorage.getItem(STORAGE_KEYS.previousPath)).toBe('/pages?x=1');
      expect(events).toEqual([]);
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
      localStorage.clear();
    }
  });

  it('remembers the failed call behind a message, for the Error dialog', async () => {
    fetchMock.mockResolvedValueOnce(answer({ status: 500, error: 'InternalError', message: 'Something broke', errors: [] }, 500));
    const error = await request('/api/x').catch((e: unknown) => e);
    expect(recentApiError('Something broke')).toBe(error);
    expect(recentApiError('Something else')).toBeUndefined();
  });
});

describe('cache-busting (spec section 7)', () => {
  it('gives links a fresh buster, keeping their query', () => {
    expect(cacheBusted('/api/accounts/a1/export-submissions', { pageId: 'p1', venue: '' })).toMatch(
      /^\/api\/accounts\/a1\/export-submissions\?_=\d+&pageId=p1$/,
    );
    const link = { href: 'http://localhost:3000/api/accounts/a1/download-videos?ids=1,2&_=1' };
    bustOnClick({ currentTarget: link });
    expect(link.href).toMatch(/^\/api\/accounts\/a1\/download-videos\?ids=1%2C2&_=\d{13}$/);
    expect(link.href).not.toMatch(/_=1$/);
  });
});
