import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_EVENTS, request, resetKnownVersion } from '../../src/http';
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
      answer({ status: 402, error: 'PlanLimitError', message: 'Pages limit reached. Please upgrade your plan.', errors: [{ path: 'upsell', message: 'active_pages' }, { path: 'slug', message: 'Slug already in use' }] }, 402),
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
