import type { DataProvider, Identifier, RaRecord, SortPayload } from 'react-admin';
import { currentAccountId } from './authProvider';
import { request } from './http';
import { findEndpoints } from './resources/registry';
import type { TemporaryPost } from '#shared/domain/files';

interface ListAnswer<R> {
  data: R[];
  total: number;
  /** Anything else a list answers (e.g. Fan Uploads' requiresApprovalCount), handed on as react-admin's meta. */
  [extra: string]: unknown;
}

/** What a call may say besides react-admin's own params. */
interface CallMeta {
  /** Another account than the current one (a platform admin's view of an account). */
  accountId?: string;
  /** The query of a single-record read (Insights' date range, the fan's email). */
  query?: Record<string, unknown>;
  /** A failure shows the generic Error dialog (for screens that show no error of their own). */
  errorDialog?: boolean;
}

/** A record action: POST <record path>/<action> with an id, else <list path>/<action> (with {ids} for a bulk one). */
interface ActionParams {
  id?: Identifier;
  ids?: Identifier[];
  action: string;
  data?: Record<string, unknown>;
  meta?: CallMeta;
}

type Scope = { meta?: CallMeta; parentId?: unknown };

/** Stands for the current account in a path, read only when a path has it (a user's records do not). Ids are URI-encoded, so none can spell it. */
const CURRENT_ACCOUNT = '{currentAccount}';

async function inAccount(path: string): Promise<string> {
  if (!path.includes(CURRENT_ACCOUNT)) return path;
  return path.replace(CURRENT_ACCOUNT, encodeURIComponent(await currentAccountId().catch(() => '')));
}

/** A resource's paths in the current account, in the one meta names, or under its parent record. */
function paths(resource: string, { meta, parentId }: Scope = {}) {
  const endpoints = findEndpoints(resource);
  const scope = parentId != null ? String(parentId) : meta?.accountId;
  const scopeId = scope !== undefined ? encodeURIComponent(scope) : CURRENT_ACCOUNT;
  const list = () => {
    if (!endpoints.list) throw new Error(`${resource} has no list`);
    return inAccount(endpoints.list(scopeId));
  };
  return {
    list,
    one: (id: Identifier) => inAccount(endpoints.one(encodeURIComponent(String(id)), scopeId)),
  };
}

/** The parent's id a call's fields carry (and the fields without it), for resources that live under another record. */
function parentOf<T extends object>(resource: string, fields: T = {} as T): { parentId?: unknown; rest: T } {
  const { parent } = findEndpoints(resource);
  if (!parent || !(parent in fields)) return { rest: fields };
  const { [parent as keyof T]: parentId, ...rest } = fields;
  return { parentId, rest: rest as T };
}

/** Records that exist once per account or user answer without an id: they take the one asked for. */
function withId<R>(answer: R, id: Identifier | undefined): R {
  return answer && typeof answer === 'object' && !Array.isArray(answer) && !('id' in answer) && id !== undefined ? { ...answer, id } : answer;
}

/** A list's sort in the query; a call that names no field takes the server's own order. */
const order = (sort?: SortPayload) => (sort?.field ? { sort: sort.field, order: sort.order.toLowerCase() } : {});

const options = (meta?: CallMeta) => ({ errorDialog: meta?.errorDialog, query: meta?.query });

/**
 * react-admin calls -> the API. The resource-to-path table is src/resources/registry.ts; this
 * file only speaks the server's list protocol (page, limit, sort, order and filters in the
 * query; {data, total} back), single-record calls and record actions.
 */
const base: DataProvider = {
  async getList<R extends RaRecord>(resource: string, { pagination, sort, filter, meta }: Parameters<DataProvider['getList']>[1]) {
    const { parentId, rest } = parentOf(resource, filter as Record<string, unknown>);
    const { list } = paths(resource, { meta, parentId });
    const query = { page: pagination?.page ?? 1, limit: pagination?.perPage ?? 50, ...order(sort), ...rest };
    const { data, total, ...extra } = await request<ListAnswer<R>>(await list(), { ...options(meta), query });
    return { data, total, meta: extra };
  },
  async getOne<R extends RaRecord>(resource: string, { id, meta }: Parameters<DataProvider['getOne']>[1]) {
    const { one } = paths(resource, { meta });
    return { data: withId(await request<R>(await one(id), options(meta)), id) };
  },
  async getMany<R extends RaRecord>(resource: string, { ids, meta }: Parameters<DataProvider['getMany']>[1]) {
    const { one } = paths(resource, { meta });
    return { data: await Promise.all(ids.map(async (id) => request<R>(await one(id), options(meta)))) };
  },
  async getManyReference<R extends RaRecord>(
    resource: string,
    { target, id, pagination, sort, filter, meta }: Parameters<DataProvider['getManyReference']>[1],
  ) {
    const under = findEndpoints(resource).parent === target;
    const { list } = paths(resource, { meta, parentId: under ? id : undefined });
    const query = { page: pagination.page, limit: pagination.perPage, ...order(sort), ...filter, ...(under ? {} : { [target]: id }) };
    const { data, total } = await request<ListAnswer<R>>(await list(), { ...options(meta), query });
    return { data, total };
  },
  async create<R extends RaRecord>(resource: string, { data, meta }: Parameters<DataProvider['create']>[1]) {
    const { parentId, rest } = parentOf(resource, data as Partial<R>);
    const { list } = paths(resource, { meta, parentId });
    const answer = await request<R>(await list(), { ...options(meta), method: 'POST', body: rest });
    return { data: withId(answer, String(parentId ?? meta?.accountId ?? '')) };
  },
  async update<R extends RaRecord>(resource: string, { id, data, meta }: Parameters<DataProvider['update']>[1]) {
    const { one } = paths(resource, { meta });
    return { data: withId(await request<R>(await one(id), { ...options(meta), method: 'PUT', body: data }), id) };
  },
  async updateMany(resource, { ids, data, meta }) {
    const { one } = paths(resource, { meta });
    await Promise.all(ids.map(async (id) => request(await one(id), { ...options(meta), method: 'PUT', body: data })));
    return { data: ids };
  },
  async delete<R extends RaRecord>(resource: string, { id, previousData, meta }: Parameters<DataProvider['delete']>[1]) {
    const { one } = paths(resource, { meta });
    await request(await one(id), { ...options(meta), method: 'DELETE' });
    return { data: (previousData ?? { id }) as R };
  },
  async deleteMany(resource, { ids, meta }) {
    const { one } = paths(resource, { meta });
    await Promise.all(ids.map(async (id) => request(await one(id), { ...options(meta), method: 'DELETE' })));
    return { data: ids };
  },
};

export const dataProvider = {
  ...base,
  /** A record or bulk action (enable, approve, like, send a test...); answers what the server does. */
  async action<T = RaRecord>(resource: string, { id, ids, action, data, meta }: ActionParams): Promise<T> {
    const { one, list } = paths(resource, { meta });
    const path = await (id !== undefined ? one(id) : list());
    const body = ids ? { ids: ids.map(String), ...data } : data;
    return request<T>(`${path}/${action}`, { ...options(meta), method: 'POST', body });
  },
  /** A signed form for one file (GET /api/uploads/temporary): the browser posts the file to its url. */
  temporaryUpload(fileName: string, keepOriginalName: boolean): Promise<TemporaryPost> {
    return request('/api/uploads/temporary', { query: { fileName, keepOriginalName } });
  },
  /** The account's pages as {id, name}, for pickers such as New Page's 'copy from' (one unpaged array). */
  async pageLookup(): Promise<{ id: string; name: string }[]> {
    const { list } = paths('pages');
    return request(`${await list()}/lookup`);
  },
};

export type AppDataProvider = typeof dataProvider;
