import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

vi.mock('../../src/authProvider', () => ({ currentAccountId: vi.fn(async () => 'a1') }));
// Unit files share their modules (isolate: false): the provider is imported afresh, so with the mock.
vi.resetModules();

const { dataProvider } = await import('../../src/dataProvider');
const { currentAccountId } = await import('../../src/authProvider');

/** The calls the provider made: method, path with its query (no cache-buster), and body. */
function calls(fetchMock: MockInstance<typeof fetch>) {
  return fetchMock.mock.calls.map(([url, init]) => {
    const parsed = new URL(String(url), 'http://console.test');
    parsed.searchParams.delete('_');
    const { method, body } = init as RequestInit;
    return { method, url: parsed.pathname + parsed.search, body: body === undefined ? undefined : JSON.parse(String(body)) };
  });
}

describe('data provider paths', () => {
  let fetchMock: MockInstance<typeof fetch>;
  beforeEach(() => {
    fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ data: [], total: 0, url: 'u' }), { status: 200 }));
  });
  afterEach(() => {
    fetchMock.mockRestore();
    vi.mocked(currentAccountId).mockClear();
  });

  it("reads a record that exists once per account or user under that account's or user's id, and gives it that id", async () => {
    const { data } = await dataProvider.getOne('subscription', { id: 'a2' });
    await dataProvider.getOne('musician-profiles', { id: 'u 1' });
    await dataProvider.getOne('account-stats', { id: 'a2', meta: { query: { startDate: '2026-01-01' } } });
    expect(data.id).toBe('a2');
    expect(calls(fetchMock).map((call) => call.url)).toEqual([
      '/api/accounts/a2/subscription',
      '/api/users/u%201/musician',
      '/api/account-stats/a2?startDate=2026-01-01',
    ]);
    // None of these paths has the current account in it: it is not read.
    expect(currentAccountId).not.toHaveBeenCalled();
  });

  it("puts a user's messages under the user: in the list's path, not its query, and not in a new message's body", async () => {
    await dataProvider.getList('user-messages', { pagination: { page: 2, perPage: 10 }, sort: { field: '', order: 'DESC' }, filter: { userId: 'u1' } });
    await dataProvider.getManyReference('user-messages', {
      target: 'userId',
      id: 'u1',
      pagination: { page: 1, perPage: 10 },
      sort: { field: '', order: 'DESC' },
      filter: {},
    });
    await dataProvider.create('user-messages', { data: { userId: 'u1', subject: 'Hi', body: 'There' } });
    expect(calls(fetchMock)).toEqual([
      { method: 'GET', url: '/api/users/u1/messages?limit=10&page=2', body: undefined },
      { method: 'GET', url: '/api/users/u1/messages?limit=10&page=1', body: undefined },
      { method: 'POST', url: '/api/users/u1/messages', body: { subject: 'Hi', body: 'There' } },
    ]);
  });

  it('posts record actions to the record path and bulk ones to the list path with the ids, in the current account or the one meta names', async () => {
    await dataProvider.action('account-videos', { id: 'v1', action: 'like' });
    await dataProvider.action('uploads', { ids: ['v1', 'v2'], action: 'tags', data: { tags: ['a'] } });
    await dataProvider.action('invites', { action: 'resend', data: { email: 'x@example.com' }, meta: { accountId: 'a9' } });
    await dataProvider.action('me', { id: 'me', action: 'password', data: { currentPassword: 'p', password: 'q' } });
    expect(calls(fetchMock)).toEqual([
      { method: 'POST', url: '/api/accounts/a1/videos/v1/like', body: undefined },
      { method: 'POST', url: '/api/accounts/a1/videos/tags', body: { ids: ['v1', 'v2'], tags: ['a'] } },
      { method: 'POST', url: '/api/accounts/a9/invites/resend', body: { email: 'x@example.com' } },
      { method: 'POST', url: '/api/users/me/password', body: { currentPassword: 'p', password: 'q' } },
    ]);
  });

  it("writes an account's members, plan and webhook where the server has them", async () => {
    const meta = { accountId: 'a2' };
    await dataProvider.getList('account-users', { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' }, filter: {}, meta });
    await dataProvider.create('account-users', { data: { email: 'x@example.com', role: 'user' }, meta });
    await dataProvider.update('account-users', { id: 'm1', data: { role: 'admin' }, previousData: { id: 'm1' }, meta });
    await dataProvider.delete('account-users', { id: 'm1', meta });
    await dataProvider.update('account-plans', { id: 'a2', data: { subscriptionPlan: 'pro' }, previousData: { id: 'a2' } });
    await dataProvider.update('webhook', { id: 'a2', data: { url: 'https://hooks.example.com' }, previousData: { id: 'a2' } });
    await dataProvider.delete('user-avatars', { id: 'me' });
    expect(calls(fetchMock).map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /api/accounts/a2/users?limit=200&order=asc&page=1&sort=name',
      'POST /api/accounts/a2/users',
      'PUT /api/accounts/a2/users/m1',
      'DELETE /api/accounts/a2/users/m1',
      'PUT /api/accounts/a2/plan',
      'PUT /api/accounts/a2/webhook',
      'DELETE /api/users/me/avatar',
    ]);
  });
});
