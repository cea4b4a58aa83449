import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { PLAN_LIMITS, PLANS } from '#shared/domain/plans';
import { newId, nowIso } from '../../server/db/rows';
import { createPage } from '../../server/services/pages';
import { checkFanUploads } from '../../server/services/fanUploads';
import { refused } from '../../server/errors';
import { createTestApp, demoAccounts, lastLinkTo, signIn, testDatabases, type TestApp, fieldErrors } from './helpers';

describe.each(testDatabases)('platform accounts on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let band: string;
  let team: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ band, team } = await demoAccounts(t.db));
    admin = await signIn(t.app, 'admin@example.com');
  });
  afterAll(async () => t?.close());

  /** As the platform admin unless another cookie is given; null calls without a session. */
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie: string | null = admin) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  /** What the capture page's upload route will answer for a page: 'accepted' or the refusal's status and message. */
  const gate = async (pageId: string) => {
    const result = await checkFanUploads(t.db, pageId);
    if (!('refusal' in result)) return 'accepted';
    const { status, message } = refused(result.refusal);
    return `${status} ${message}`;
  };
  const enabledPage = async (accountId: string, name: string) => {
    const page = await createPage(t.db, accountId, name);
    await t.db.updateTable('pages').set({ status: 'enabled' }).where('id', '=', page.id).execute();
    return page.id;
  };

  it('lists every account with counts, searched by name or slug, sorted and paged by the server', async () => {
    const all = await call('GET', '/api/accounts?sort=name&order=asc&limit=200');
    expect(all.statusCode).toBe(200);
    const owls = all.json().data.find((row: { slug: string }) => row.slug === 'midnightowls');
    expect(owls).toMatchObject({ name: 'The Midnight Owls', subscriptionPlan: 'pro', status: 'enabled', uploadVideoCount: 0 });
    expect(owls.pageCount).toBeGreaterThan(0);
    expect(owls.userCount).toBeGreaterThanOrEqual(5);
    const names = all.json().data.map((row: { name: string }) => row.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const harbor = (await call('GET', '/api/accounts?q=HARBOR&sort=name&order=asc')).json().data.map((row: { name: string }) => row.name);
    expect(harbor).toEqual(['Harbor City FC', 'Neon Harbor Festival']);
    expect((await call('GET', '/api/accounts?q=granite&status=disabled')).json().data).toMatchObject([{ slug: 'granitepeak', status: 'disabled' }]);
    expect((await call('GET', '/api/accounts?q=granite&status=enabled')).json().total).toBe(0);
    expect((await call('GET', '/api/accounts?subscriptionPlan=enterprise')).json().data.map((row: { slug: string }) => row.slug)).toEqual(['neonharbor']);
    expect((await call('GET', '/api/accounts?q=midnightowls')).json().total).toBe(1);
    const paged = await call('GET', '/api/accounts?limit=1&page=2&sort=name&order=asc');
    expect(paged.json()).toMatchObject({ total: all.json().total, data: [{ name: all.json().data[1].name }] });
    const byUsers = (await call('GET', '/api/accounts?sort=userCount&order=desc')).json().data;
    expect(byUsers[0].userCount).toBeGreaterThanOrEqual(byUsers[byUsers.length - 1].userCount);
    for (const bad of [
      'sort=password',
      'order=sideways',
      'limit=0',
      'limit=201',
      'page=0',
      'status=archived',
      'subscriptionPlan=gold',
      `q=${'x'.repeat(101)}`,
    ]) {
      expect((await call('GET', `/api/accounts?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('creates an account with a name of up to 25 and a unique slug of up to 50 letters and numbers', async () => {
    const missing = await call('POST', '/api/accounts', { name: '', slug: '' });
    expect(missing.statusCode).toBe(400);
    expect(fieldErrors(missing)).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Required' },
        { path: 'slug', message: 'Required' },
      ]),
    );
    expect(fieldErrors(await call('POST', '/api/accounts', { name: '   ', slug: 'blankname' }))).toEqual([{ path: 'name', message: 'Required' }]);
    expect(fieldErrors(await call('POST', '/api/accounts', {}))).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'name' }), expect.objectContaining({ path: 'slug' })]),
    );
    const tooLong = await call('POST', '/api/accounts', { name: 'N'.repeat(26), slug: 's'.repeat(51) });
    expect(tooLong.statusCode).toBe(400);
    expect(fieldErrors(tooLong)).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Must be 25 characters or less' },
        { path: 'slug', message: 'Must be 50 characters or less' },
      ]),
    );
    for (const slug of ['has space', 'dash-slug', 'under_score', 'dot.slug', 'émile', 'slug!', '<b>x</b>', 'a/b']) {
      const bad = await call('POST', '/api/accounts', { name: 'Bad Slug', slug });
      expect(bad.statusCode, slug).toBe(400);
      expect(fieldErrors(bad), slug).toEqual([{ path: 'slug', message: 'Letters and numbers only, no spaces' }]);
    }
    expect((await call('POST', '/api/accounts', { name: 42, slug: 'typed' })).statusCode).toBe(400);
    // Nothing but the form's fields is taken: no status, no limits, no id from the caller.
    const extra = await call('POST', '/api/accounts', { name: 'Sneaky', slug: 'sneaky', status: 'disabled' });
    expect(extra.statusCode).toBe(400);
    expect(fieldErrors(extra)[0].message).toBe('Unknown field: status');

    const created = await call('POST', '/api/accounts', { name: 'N'.repeat(25), slug: `S${'s'.repeat(49)}` });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'N'.repeat(25),
      slug: 's'.repeat(50),
      status: 'enabled',
      subscriptionPlan: 'free',
      planLimits: PLAN_LIMITS.free,
    });
    expect((await call('GET', `/api/accounts?q=${'s'.repeat(50)}`)).json().data).toMatchObject([{ userCount: 0, pageCount: 0, uploadVideoCount: 0 }]);
    const trimmed = await call('POST', '/api/accounts', { name: `  ${'T'.repeat(25)}  `, slug: ' trimmed ' });
    expect(trimmed.json()).toMatchObject({ name: 'T'.repeat(25), slug: 'trimmed' });

    const again = await call('POST', '/api/accounts', { name: 'Copy', slug: 'MidnightOwls' });
    expect(again.statusCode).toBe(400);
    expect(fieldErrors(again)).toEqual([{ path: 'slug', message: 'This slug is already used by another account' }]);
    // Two creations of one slug at once: the database decides, one wins and the other is told.
    const racing = await Promise.all([1, 2].map((n) => call('POST', '/api/accounts', { name: `Racer ${n}`, slug: 'racer' })));
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 400]);
    expect((await call('GET', '/api/accounts?q=racer')).json().total).toBe(1);
  });

  it('invites the owner email as owner, who joins the new account from the mail link', async () => {
    const created = await call('POST', '/api/accounts', {
      name: 'Velvet Foxes',
      slug: 'velvetfoxes',
      subscriptionPlan: 'basic',
      ownerEmail: 'Fox@Example.com',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().planLimits).toEqual(PLAN_LIMITS.basic);
    const token = lastLinkTo(t.dataDir, 'fox@example.com').split('/account-invite/')[1];
    const described = await t.app.inject({ method: 'GET', url: `/api/auth/account-invitations/${token}` });
    expect(described.json()).toMatchObject({ account: { id: created.json().id, name: 'Velvet Foxes' }, role: 'owner', userExists: false });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/auth/account-invitations/${token}`,
      payload: { firstName: 'Fiona', lastName: 'Fox', password: 'secret1', agreeTerms: true },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ account: { name: 'Velvet Foxes' }, user: { role: 'owner' } });
    expect((await call('GET', '/api/accounts?q=velvetfoxes')).json().data).toMatchObject([{ userCount: 1 }]);

    const badEmail = await call('POST', '/api/accounts', { name: 'X', slug: 'xacct', ownerEmail: 'not-an-email' });
    expect(fieldErrors(badEmail)).toEqual([{ path: 'ownerEmail', message: 'Must be a valid email' }]);
    const longEmail = await call('POST', '/api/accounts', { name: 'X', slug: 'xacct', ownerEmail: `${'a'.repeat(239)}@example.com` });
    expect(fieldErrors(longEmail)).toEqual([{ path: 'ownerEmail', message: 'Must be 250 characters or less' }]);
    // A refused owner email creates nothing.
    expect((await call('GET', '/api/accounts?q=xacct')).json().total).toBe(0);
    const longest = `${'a'.repeat(238)}@example.com`;
    expect((await call('POST', '/api/accounts', { name: 'Longest Owner', slug: 'longestowner', ownerEmail: longest })).statusCode).toBe(201);
    expect(lastLinkTo(t.dataDir, longest)).toContain('/account-invite/');
    // Left blank, nobody is invited and the account waits for the platform admin to invite its users.
    const ownerless = await call('POST', '/api/accounts', { name: 'No Owner Yet', slug: 'noowneryet', ownerEmail: '' });
    expect(ownerless.statusCode).toBe(201);
    const invites = await call('GET', `/api/accounts/${ownerless.json().id}/invites`);
    expect(invites.statusCode).toBe(200);
    expect(invites.json()).toEqual({ data: [], total: 0 });
    const withOwner = await call('GET', `/api/accounts/${created.json().id}/users`);
    expect(withOwner.json().data).toMatchObject([{ email: 'fox@example.com', role: 'owner' }]);
  });

  it('moves an account between plans, and its limits follow the plan table', async () => {
    const id = (await call('POST', '/api/accounts', { name: 'Plan Mover', slug: 'planmover' })).json().id;
    for (const plan of PLANS) {
      const moved = await call('PUT', `/api/accounts/${id}/plan`, { subscriptionPlan: plan });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ subscriptionPlan: plan, planLimits: PLAN_LIMITS[plan] });
    }
    expect((await call('GET', '/api/accounts?q=planmover')).json().data).toMatchObject([{ subscriptionPlan: 'enterprise' }]);
    const bad = await call('PUT', `/api/accounts/${id}/plan`, { subscriptionPlan: 'platinum' });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad)[0].path).toBe('subscriptionPlan');
    expect((await call('PUT', `/api/accounts/${id}/plan`, {})).statusCode).toBe(400);
    expect((await call('PUT', `/api/accounts/${id}/plan`, { subscriptionPlan: 'pro', planLimits: { users: 999 } })).statusCode).toBe(400);
    expect((await call('PUT', '/api/accounts/nope/plan', { subscriptionPlan: 'pro' })).statusCode).toBe(404);
  });

  it('disables an account: its members lose it, cannot select it or use it, and its pages take no uploads until enabled', async () => {
    const owner = await signIn(t.app, 'owner@example.com');
    expect((await call('POST', `/api/auth/switch-account/${team}`, undefined, owner)).statusCode).toBe(200);
    const page = await enabledPage(team, 'Gate Check');
    expect(await gate(page)).toBe('accepted');
    await call('POST', `/api/accounts/${team}/users`, { email: 'waiting@example.com', role: 'user' });
    const pendingToken = lastLinkTo(t.dataDir, 'waiting@example.com').split('/account-invite/')[1];

    const disabled = await call('POST', `/api/accounts/${team}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ status: 'disabled', enabled: false });
    const twice = await call('POST', `/api/accounts/${team}/disable`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('The account is already disabled');
    expect((await call('GET', '/api/accounts?q=harborcityfc')).json().data).toMatchObject([{ status: 'disabled' }]);

    // The owner's open session drops it; Harbor City FC is no longer one of their choices.
    const context = (await call('GET', '/api/auth/context', undefined, owner)).json();
    expect(context.account).toBeNull();
    expect(context.user.canSwitchAccount).toBe(false);
    const choices = (await call('GET', '/api/users/me/accounts', undefined, owner)).json().data.map((row: { id: string }) => row.id);
    expect(choices).toEqual([band]);
    const refused = await call('POST', `/api/auth/switch-account/${team}`, undefined, owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Account Not Active');
    for (const url of [`/api/accounts/${team}`, `/api/accounts/${team}/pages`, `/api/accounts/${team}/users`]) {
      const response = await call('GET', url, undefined, owner);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message, url).toBe('Account Not Active');
    }
    // Signing in again opens the one account left, The Midnight Owls.
    const again = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { email: 'owner@example.com', password: 'demo1234' } });
    expect(again.json()).toMatchObject({ account: { id: band }, user: { canSwitchAccount: false } });
    // Nobody joins it and nobody is invited to it; its pages take no fan uploads.
    const join = await t.app.inject({
      method: 'POST',
      url: `/api/auth/account-invitations/${pendingToken}`,
      payload: { firstName: 'Wai', lastName: 'Ting', password: 'secret1', agreeTerms: true },
    });
    expect(join.statusCode).toBe(403);
    expect(join.json().message).toBe('Account Not Active');
    const invite = await call('POST', `/api/accounts/${team}/users`, { email: 'late@example.com', role: 'user' });
    expect(invite.json().message).toBe('Account Not Active');
    expect(await gate(page)).toBe('403 This page is not available: the account is not active.');

    // Platform admins still open it, change its plan and switch into it.
    expect((await call('GET', `/api/accounts/${team}`)).statusCode).toBe(200);
    expect((await call('PUT', `/api/accounts/${team}/plan`, { subscriptionPlan: 'basic' })).json()).toMatchObject({
      status: 'disabled',
      subscriptionPlan: 'basic',
    });
    expect((await call('PUT', `/api/accounts/${team}/plan`, { subscriptionPlan: 'free' })).statusCode).toBe(200);
    expect((await call('POST', `/api/auth/switch-account/${team}`)).json().account).toMatchObject({ id: team });

    const enabled = await call('POST', `/api/accounts/${team}/enable`);
    expect(enabled.json()).toMatchObject({ status: 'enabled', enabled: true });
    expect((await call('POST', `/api/accounts/${team}/enable`)).statusCode).toBe(409);
    expect((await call('POST', `/api/auth/switch-account/${team}`, undefined, owner)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/context', undefined, owner)).json().user.canSwitchAccount).toBe(true);
    expect(await gate(page)).toBe('accepted');
    expect((await call('POST', '/api/accounts/nope/disable')).statusCode).toBe(404);
    expect((await call('POST', '/api/accounts/nope/enable')).statusCode).toBe(404);
  });

  it('takes fan uploads only on enabled pages that allow them, up to the plan cap', async () => {
    const account: string = (await call('POST', '/api/accounts', { name: 'Capture Gate', slug: 'capturegate' })).json().id;
    const page = await enabledPage(account, 'Open Mic');
    expect(await gate(page)).toBe('accepted');
    expect(await gate('nope')).toBe('404 This page does not exist.');
    await t.db.updateTable('pages').set({ allowSubmissions: 0 }).where('id', '=', page).execute();
    expect(await gate(page)).toBe('403 This page is not accepting uploads right now.');
    await t.db.updateTable('pages').set({ allowSubmissions: 1, status: 'pending' }).where('id', '=', page).execute();
    expect(await gate(page)).toBe('403 This page is not available right now.');
    await t.db.updateTable('pages').set({ status: 'enabled' }).where('id', '=', page).execute();

    // Free takes 250 fan uploads: the 250th is taken, the 251st is not.
    const upload = () => ({
      id: newId(),
      accountId: account,
      pageId: page,
      type: 'video' as const,
      status: 'processed',
      encodingStatus: 'processed',
      original: 'tmp/x.mp4',
      mp4: null,
      webm: null,
      thumbnail: null,
      customThumbnail: null,
      approvedAt: null,
      isHidden: 0,
      isAllowed: 1,
      viewCount: 0,
      likeCount: 0,
      shareToken: randomBytes(12).toString('hex'),
      tags: '[]',
      moderationStatus: 'processed',
      moderationLabels: '[]',
      createdAt: nowIso(),
      updatedAt: nowIso(),
    });
    await t.db
      .insertInto('uploads')
      .values(Array.from({ length: 249 }, upload))
      .execute();
    expect(await gate(page)).toBe('accepted');
    await t.db.insertInto('uploads').values(upload()).execute();
    expect(await gate(page)).toBe('403 This page has reached its upload limit and cannot take more uploads.');
    expect((await call('GET', '/api/accounts?q=capturegate')).json().data).toMatchObject([{ uploadVideoCount: 250, pageCount: 1 }]);
    expect((await call('GET', '/api/accounts?sort=uploadVideoCount&order=desc&limit=1')).json().data).toMatchObject([{ slug: 'capturegate' }]);
    // Basic has no cap.
    await call('PUT', `/api/accounts/${account}/plan`, { subscriptionPlan: 'basic' });
    expect(await gate(page)).toBe('accepted');
  });

  it('answers 401 without a session and 403 to anyone but platform admins, their own account included', async () => {
    const owner = await signIn(t.app, 'owner@example.com');
    const member = await signIn(t.app, 'user@example.com');
    const routes = [
      ['GET', '/api/accounts', undefined],
      ['POST', '/api/accounts', { name: 'Mine', slug: 'mine' }],
      ['POST', `/api/accounts/${band}/enable`, undefined],
      ['POST', `/api/accounts/${band}/disable`, undefined],
      ['POST', `/api/accounts/${team}/disable`, undefined],
      ['PUT', `/api/accounts/${band}/plan`, { subscriptionPlan: 'enterprise' }],
    ] as const;
    for (const [method, url, payload] of routes) {
      const anonymous = await call(method, url, payload, null);
      expect(anonymous.statusCode, `anonymous ${method} ${url}`).toBe(401);
      for (const [who, cookie] of [
        ['owner', owner],
        ['member', member],
      ] as const) {
        const response = await call(method, url, payload, cookie);
        expect(response.statusCode, `${who} ${method} ${url}`).toBe(403);
      }
    }
    // Nothing changed: no account 'mine', the demo accounts still enabled on their plans.
    expect((await call('GET', '/api/accounts?q=mine')).json().total).toBe(0);
    expect((await call('GET', '/api/accounts?q=midnightowls')).json().data).toMatchObject([{ status: 'enabled', subscriptionPlan: 'pro' }]);
  });
});
