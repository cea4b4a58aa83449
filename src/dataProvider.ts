import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { currentAccountId } from './appContext';
import { request } from './http';
import { findEntry } from './resources/registry';
import type { MusicianProfile } from './domain/schemas/musician';
import type { UploadDetail } from './domain/schemas/uploads';
import type { FanErasure, FanLookup } from './domain/schemas/fanData';
import type { AccountMember, PendingInvite, UserMessageRecord } from './records';

interface ListAnswer<R> {
  data: R[];
  total: number;
}

async function paths(resource: string) {
  const { endpoints } = findEntry(resource);
  const accountId = await currentAccountId().catch(() => '');
  return {
    list: endpoints.list(accountId),
    one: (id: Identifier) => endpoints.one(encodeURIComponent(String(id)), accountId),
    create: (endpoints.create ?? endpoints.list)(accountId),
  };
}

async function fetchList<R>(resource: string, query: Record<string, unknown>): Promise<ListAnswer<R>> {
  const { list } = await paths(resource);
  return request<ListAnswer<R>>(list, { query });
}

/**
 * react-admin calls -> the API. The resource-to-path table lives in each resource's
 * index.ts; this file only speaks the server's list protocol (page, limit, sort, order and
 * filters in the query; {data, total} back) and single-record calls.
 */
const base: DataProvider = {
  async getList<R extends RaRecord>(resource: string, { pagination, sort, filter }: Parameters<DataProvider['getList']>[1]) {
    const { data, total } = await fetchList<R>(resource, {
      page: pagination?.page ?? 1,
      limit: pagination?.perPage ?? 50,
      sort: sort?.field,
      order: sort?.order?.toLowerCase(),
      ...filter,
    });
    return { data, total };
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
  async accountMembers(accountId: string): Promise<AccountMember[]> {
    const query = { limit: 200, sort: 'name', order: 'asc' };
    return (await request<ListAnswer<AccountMember>>(`/api/accounts/${accountId}/users`, { query, errorDialog: true })).data;
  },
  async accountInvites(accountId: string): Promise<PendingInvite[]> {
    return (await request<ListAnswer<PendingInvite>>(`/api/accounts/${accountId}/invites`, { errorDialog: true })).data;
  },
  userMessages(userId: string, page: number, limit: number): Promise<ListAnswer<UserMessageRecord>> {
    return request(`/api/users/${encodeURIComponent(userId)}/messages`, { query: { page, limit }, errorDialog: true });
  },
  musicianProfile(userId: string): Promise<MusicianProfile> {
    return request(`/api/users/${encodeURIComponent(userId)}/musician`);
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
};

/** react-query keys of the reads above, so whoever changes the data refreshes them. */
export const queryKeys = {
  accountUsers: (accountId: string) => ['account-users', accountId] as const,
  userMessages: (userId: string) => ['admin/users', 'messages', String(userId)] as const,
  musicianProfile: (userId: string) => ['admin/users', 'musician', String(userId)] as const,
  accountUpload: (accountId: string, uploadId: string) => ['data', 'upload', accountId, uploadId] as const,
};

export type AppDataProvider = typeof dataProvider;
