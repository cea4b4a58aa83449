import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { currentAccountId } from './authProvider';
import { request } from './http';
import { findEntry } from './resources/registry';
import type { MusicianProfile } from '#shared/domain/schemas/musician';
import type { UserMessageInput } from '#shared/domain/schemas/adminUsers';
import type { ProfileInput } from '#shared/domain/schemas/auth';
import type { AccountChoice, CurrentUser } from '#shared/domain/types';
import type { JobCounts } from '#shared/domain/schemas/adminJobs';
import type { WebhookSettings } from '#shared/domain/schemas/webhooks';
import type { UploadDetail } from '#shared/domain/schemas/uploads';
import type { LikeResult } from '#shared/domain/schemas/wall';
import type { FanErasure, FanErasureLog, FanLookup } from '#shared/domain/schemas/fanData';
import type { AccountRole } from '#shared/domain/roles';
import type { Plan } from '#shared/domain/plans';
import type { Locale } from '#shared/domain/locales';
import type { AccountMember, UserMessageRecord } from './records';
import type { OfflineOutcome, OfflineSession, SubscriptionState } from '#shared/domain/billing';
import type { DropboxIntegration } from '#shared/domain/integrations';
import type { TemporaryPost } from '#shared/domain/files';
import type { AccountStats, ActivePages } from '#shared/domain/schemas/stats';

interface ListAnswer<R> {
  data: R[];
  total: number;
  /** Anything else a list answers (e.g. Fan Uploads' requiresApprovalCount), handed on as react-admin's meta. */
  [extra: string]: unknown;
}

/** A resource's paths in the current account, or in the one a call names (meta.accountId: a platform admin's view of another account). */
async function paths(resource: string, inAccount?: string) {
  const { endpoints } = findEntry(resource);
  const accountId = inAccount ?? (await currentAccountId().catch(() => ''));
  return {
    list: endpoints.list(accountId),
    one: (id: Identifier) => endpoints.one(encodeURIComponent(String(id)), accountId),
    create: (endpoints.create ?? endpoints.list)(accountId),
  };
}

async function fetchList<R>(resource: string, query: Record<string, unknown>, accountId?: string): Promise<ListAnswer<R>> {
  const { list } = await paths(resource, accountId);
  return request<ListAnswer<R>>(list, { query });
}

/**
 * react-admin calls -> the API. The resource-to-path table lives in each resource's
 * index.ts; this file only speaks the server's list protocol (page, limit, sort, order and
 * filters in the query; {data, total} back) and single-record calls.
 */
const base: DataProvider = {
  async getList<R extends RaRecord>(resource: string, { pagination, sort, filter, meta: asked }: Parameters<DataProvider['getList']>[1]) {
    const query = { page: pagination?.page ?? 1, limit: pagination?.perPage ?? 50, sort: sort?.field, order: sort?.order?.toLowerCase(), ...filter };
    const { data, total, ...meta } = await fetchList<R>(resource, query, (asked as { accountId?: string } | undefined)?.accountId);
    return { data, total, meta };
  },
  async getOne<R extends RaRecord>(resource: string, { id }: { id: Identifier }) {
    const { one } = await paths(resource);
    return { data: await request<R>(one(id)) };
  },
  async getMany<R extends RaRecord>(resource: string, { ids }: { ids: Identifier[] }) {
    const { one } = await paths(resource);
    return { data: await Promise.all(ids.map((id) => request<R>(one(id)))) };
  },
  async getManyReference<R extends RaRecord>(
    resource: string,
    { target, id, pagination, sort, filter }: Parameters<DataProvider['getManyReference']>[1],
  ) {
    const { data, total } = await fetchList<R>(resource, {
      page: pagination.page,
      limit: pagination.perPage,
      sort: sort.field,
      order: sort.order.toLowerCase(),
      ...filter,
      [target]: id,
    });
    return { data, total };
  },
  async create<R extends RaRecord>(resource: string, { data }: { data: Partial<R> }) {
    const { create } = await paths(resource);
    return { data: await request<R>(create, { method: 'POST', body: data }) };
  },
  async update<R extends RaRecord>(resource: string, { id, data }: { id: Identifier; data: Partial<R> }) {
    const { one } = await paths(resource);
    return { data: await request<R>(one(id), { method: 'PUT', body: data }) };
  },
  async updateMany(resource, { ids, data }) {
    const { one } = await paths(resource);
    await Promise.all(ids.map((id) => request(one(id), { method: 'PUT', body: data })));
    return { data: ids };
  },
  async delete<R extends RaRecord>(resource: string, { id, previousData }: { id: Identifier; previousData?: R }) {
    const { one } = await paths(resource);
    await request(one(id), { method: 'DELETE' });
    return { data: (previousData ?? { id }) as R };
  },
  async deleteMany(resource, { ids }) {
    const { one } = await paths(resource);
    await Promise.all(ids.map((id) => request(one(id), { method: 'DELETE' })));
    return { data: ids };
  },
};

export const dataProvider = {
  ...base,
  /** POST <record path>/<action>, for enable, disable, approve and the like. */
  async action<T = RaRecord>(resource: string, id: Identifier, action: string, body?: unknown): Promise<T> {
    const { one } = await paths(resource);
    return request<T>(`${one(id)}/${action}`, { method: 'POST', body });
  },
  /** The signed-in user's own profile. */
  me(): Promise<CurrentUser> {
    return request('/api/users/me', { errorDialog: true });
  },
  saveMe(values: ProfileInput): Promise<CurrentUser> {
    return request('/api/users/me', { method: 'PUT', body: values });
  },
  /** The user's language, saved so their other devices and their mails follow it. */
  saveLocale(locale: Locale): Promise<CurrentUser> {
    return request('/api/users/me/locale', { method: 'PUT', body: { locale }, errorDialog: true });
  },
  /** A signed form for one file (GET /api/uploads/temporary): the browser posts the file to its url. */
  temporaryUpload(fileName: string, keepOriginalName: boolean): Promise<TemporaryPost> {
    return request('/api/uploads/temporary', { query: { fileName, keepOriginalName } });
  },
  /** The user's own password, the current one confirming it (a wrong one is a field error). */
  changeMyPassword(currentPassword: string, password: string): Promise<unknown> {
    return request('/api/users/me/password', { method: 'POST', body: { currentPassword, password } });
  },
  /** Asks to move the user's sign-in to a new email: a confirmation link goes there. */
  changeMyEmail(email: string, currentPassword: string): Promise<unknown> {
    return request('/api/users/me/email', { method: 'POST', body: { email, currentPassword } });
  },
  /** Sets (a cropped upload's tmp name) or removes (null) the user's own avatar. */
  saveMyAvatar(tmpAvatar: string | null): Promise<CurrentUser> {
    return tmpAvatar ? request('/api/users/me/avatar', { method: 'POST', body: { tmpAvatar } }) : request('/api/users/me/avatar', { method: 'DELETE' });
  },
  /** The accounts the user may switch to, searched by name on the server (the Switch Account dialog). */
  async myAccounts(q: string): Promise<AccountChoice[]> {
    return (await request<ListAnswer<AccountChoice>>('/api/users/me/accounts', { query: { q: q || undefined }, errorDialog: true })).data;
  },
  /** The account's pages as {id, name}, for pickers such as New Page's 'copy from'. */
  async pageLookup(): Promise<{ id: string; name: string }[]> {
    const { list } = await paths('pages');
    return request(`${list}/lookup`);
  },
  async accountMembers(accountId: string): Promise<AccountMember[]> {
    const query = { limit: 200, sort: 'name', order: 'asc' };
    return (await request<ListAnswer<AccountMember>>(`/api/accounts/${accountId}/users`, { query, errorDialog: true })).data;
  },
  /** Invites someone to the account with a role (a plan's user limit answers 402 with an upsell). */
  inviteAccountUser(accountId: string, invite: { email: string; role: AccountRole }): Promise<unknown> {
    return request(`/api/accounts/${accountId}/users`, { method: 'POST', body: invite });
  },
  changeAccountMemberRole(accountId: string, memberId: string, role: AccountRole): Promise<unknown> {
    return request(`/api/accounts/${accountId}/users/${encodeURIComponent(memberId)}`, { method: 'PUT', body: { role } });
  },
  removeAccountMember(accountId: string, memberId: string): Promise<unknown> {
    return request(`/api/accounts/${accountId}/users/${encodeURIComponent(memberId)}`, { method: 'DELETE', errorDialog: true });
  },
  /** Resend or cancel a pending invitation. */
  accountInviteAction(accountId: string, action: 'resend' | 'cancel', email: string): Promise<unknown> {
    return request(`/api/accounts/${accountId}/invites/${action}`, { method: 'POST', body: { email }, errorDialog: true });
  },
  userMessages(userId: string, page: number, limit: number): Promise<ListAnswer<UserMessageRecord>> {
    return request(`/api/users/${encodeURIComponent(userId)}/messages`, { query: { page, limit }, errorDialog: true });
  },
  sendUserMessage(userId: string, message: UserMessageInput): Promise<UserMessageRecord> {
    return request(`/api/users/${encodeURIComponent(userId)}/messages`, { method: 'POST', body: message });
  },
  /** Platform admin: a user's avatar set to a cropped upload (its tmp name). */
  saveUserAvatar(userId: string, tmpAvatar: string): Promise<unknown> {
    return request(`/api/users/${encodeURIComponent(userId)}/avatar`, { method: 'POST', body: { tmpAvatar } });
  },
  /** Platform admin: the account's plan, changed at once (its limits become the new plan's); failures show the error dialog. */
  changeAccountPlan(accountId: string, plan: Plan): Promise<unknown> {
    return request(`/api/accounts/${encodeURIComponent(accountId)}/plan`, { method: 'PUT', body: { subscriptionPlan: plan }, errorDialog: true });
  },
  /** A bulk call of Fan Uploads: POST /api/accounts/{id}/videos/<action> with {ids} (and {tags}). */
  async uploadsBulk(action: 'approve' | 'hidden' | 'show' | 'tags' | 'delete', ids: Identifier[], tags?: string[]): Promise<{ ids: string[] }> {
    const accountId = await currentAccountId();
    return request(`/api/accounts/${accountId}/videos/${action}`, { method: 'POST', body: { ids: ids.map(String), ...(tags ? { tags } : {}) } });
  },
  /** The staff Like of the content dialog, toggled: POST /api/accounts/{id}/videos/{videoId}/like. */
  async toggleUploadLike(uploadId: Identifier): Promise<LikeResult> {
    const accountId = await currentAccountId();
    return request(`/api/accounts/${accountId}/videos/${encodeURIComponent(String(uploadId))}/like`, { method: 'POST' });
  },
  webhook(accountId: string): Promise<WebhookSettings> {
    return request(`/api/accounts/${encodeURIComponent(accountId)}/webhook`);
  },
  /** PUT the endpoint, POST 'secret' or 'test', or DELETE it: each answers the settings. */
  webhookChange(accountId: string, change: { url: string } | 'secret' | 'test' | 'remove'): Promise<WebhookSettings> {
    const base = `/api/accounts/${encodeURIComponent(accountId)}/webhook`;
    if (change === 'remove') return request(base, { method: 'DELETE' });
    if (typeof change === 'string') return request(`${base}/${change}`, { method: 'POST' });
    return request(base, { method: 'PUT', body: change });
  },
  jobCounts(): Promise<JobCounts> {
    return request('/api/admin/jobs/counts');
  },
  musicianProfile(userId: string): Promise<MusicianProfile> {
    return request(`/api/users/${encodeURIComponent(userId)}/musician`);
  },
  /** PUT the musician profile (the form's values); answers the saved profile. */
  saveMusicianProfile(userId: string, values: object): Promise<MusicianProfile> {
    return request(`/api/users/${encodeURIComponent(userId)}/musician`, { method: 'PUT', body: values });
  },
  subscription(accountId: string): Promise<SubscriptionState> {
    return request(`/api/accounts/${accountId}/subscription`);
  },
  /** Answers the url the browser goes to (the provider's checkout or our confirmation page). */
  changeSubscription(accountId: string, planPriceId: string): Promise<{ url: string }> {
    return request(`/api/accounts/${accountId}/subscription`, { method: 'POST', body: { planPriceId } });
  },
  billingPortal(accountId: string): Promise<{ url: string }> {
    return request(`/api/accounts/${accountId}/billing`, { method: 'POST' });
  },
  billingSession(accountId: string, sessionId: string): Promise<OfflineSession> {
    return request(`/api/accounts/${accountId}/billing-sessions/${encodeURIComponent(sessionId)}`);
  },
  integrations(accountId: string): Promise<{ dropbox: DropboxIntegration }> {
    return request(`/api/accounts/${accountId}/integrations`);
  },
  /** Answers Dropbox's authorize url, where the browser goes to connect. */
  connectDropbox(accountId: string): Promise<{ url: string }> {
    return request(`/api/accounts/${accountId}/connect-dropbox`);
  },
  disconnectDropbox(accountId: string): Promise<{ dropbox: DropboxIntegration }> {
    return request(`/api/accounts/${accountId}/dropbox`, { method: 'DELETE' });
  },
  finishBillingSession(accountId: string, sessionId: string, outcome: OfflineOutcome): Promise<{ url: string }> {
    return request(`/api/accounts/${accountId}/billing-sessions/${encodeURIComponent(sessionId)}/${outcome}`, { method: 'POST' });
  },
  accountStats(accountId: string, filters: InsightFilters): Promise<AccountStats> {
    return request(`/api/account-stats/${encodeURIComponent(accountId)}`, { query: { ...filters } });
  },
  activePages(accountId: string, filters: InsightFilters): Promise<ActivePages> {
    return request(`/api/account-stats/${encodeURIComponent(accountId)}/active-pages`, { query: { ...filters } });
  },
  /** One upload of the account (the player of Fan Data). */
  accountUpload(accountId: string, uploadId: string): Promise<UploadDetail> {
    return request(`/api/accounts/${accountId}/videos/${encodeURIComponent(uploadId)}`);
  },
  /** Everything the account holds about one fan (account admins). */
  findFan(accountId: string, email: string): Promise<FanLookup> {
    return request(`/api/accounts/${accountId}/fans`, { query: { email } });
  },
  eraseFan(accountId: string, email: string): Promise<FanErasure> {
    return request(`/api/accounts/${accountId}/fans/erase`, { method: 'POST', body: { email } });
  },
  /** The erasure log: when each erasure happened and who made it (account admins). */
  fanErasures(accountId: string): Promise<FanErasureLog> {
    return request(`/api/accounts/${encodeURIComponent(accountId)}/fan-erasures`);
  },
};

/** react-query keys of the reads above, so whoever changes the data refreshes them. */
export const queryKeys = {
  me: () => ['users', 'me'] as const,
  myAccounts: (q: string) => ['users', 'me', 'accounts', q] as const,
  pageLookup: () => ['pages', 'lookup'] as const,
  accountUsers: (accountId: string) => ['account-users', accountId] as const,
  userMessages: (userId: string) => ['admin/users', 'messages', String(userId)] as const,
  musicianProfile: (userId: string) => ['admin/users', 'musician', String(userId)] as const,
  subscription: (accountId: string) => ['subscription', accountId] as const,
  integrations: (accountId: string) => ['integrations', accountId] as const,
  billingSession: (accountId: string, sessionId: string) => ['subscription', accountId, 'session', sessionId] as const,
  jobCounts: () => ['admin/jobs', 'counts'] as const,
  webhook: (accountId: string) => ['webhook', accountId] as const,
  accountStats: (accountId: string, filters: InsightFilters) => ['insights', accountId, 'stats', filters] as const,
  activePages: (accountId: string, filters: InsightFilters) => ['insights', accountId, 'active-pages', filters] as const,
  accountUpload: (accountId: string, uploadId: string) => ['data', 'upload', accountId, uploadId] as const,
  fanErasures: (accountId: string) => ['data', 'erasures', accountId] as const,
};

/** The Insights filters as the stats endpoints take them (account days, YYYY-MM-DD). */
export interface InsightFilters {
  pageId?: string;
  startDate?: string;
  endDate?: string;
}

export type AppDataProvider = typeof dataProvider;
