import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AccountRole } from '#shared/domain/roles';
import { satisfies, type PermissionAction, type PermissionResource, type PermissionTable } from '#shared/domain/permissions';
import type { ResourceAction } from '#shared/resources/define';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { forbidden, notFound, unauthenticated } from '../errors';
import type { ContentAnswer } from './answers';
import { serverMessages } from '#shared/i18n/server';
import { accountAndRole, accountOfRecord } from '../db/repositories/access';

/**
 * Where an account-scoped route finds its account:
 * - param: the account id is the path parameter `name` (/api/accounts/:id/...)
 * - current: the session's current account
 * - record: the account that owns the row `param` of `table` (/api/pages/:id)
 */
export type AccountLocator =
  { from: 'param'; name: string } | { from: 'current' } | { from: 'record'; table: string; param: string; missing?: NotFoundSubject };

/** What a 404 may name (server messages' notFound). */
export type NotFoundSubject = keyof typeof serverMessages.notFound;

/**
 * Who may call a route. 'public': anyone. 'signedIn': any session, account or not.
 * Otherwise a permission of shared/domain/permissions.ts: platformAdmin rules need no account;
 * account rules need the caller's role in the located account (default: path param id).
 */
export type Access = 'public' | 'signedIn' | PermissionAccess;

/** A permission of shared/domain/permissions.ts: the action is one the resource has. */
export type PermissionAccess =
  | {
      [R in PermissionResource]: { resource: R; action: PermissionAction<R>; account?: AccountLocator };
    }[PermissionResource]
  | { resource: DeclaredResourceName; action: ResourceAction; account?: AccountLocator };

/**
 * The access of a resource's routes, its account found by `account` (default: the path's :id):
 * `const access = accessTo('pages')`, then `access: access('list')` on each route.
 */
export const accessTo =
  <R extends PermissionResource>(resource: R, account?: AccountLocator) =>
  (action: PermissionAction<R>): PermissionAccess =>
    (account ? { resource, action, account } : { resource, action }) as PermissionAccess;

/** The name of a declared resource (shared/resources): its access row is in the permission table too. */
export type DeclaredResourceName = string & { readonly declaredResource: true };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RouteSchema {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response?: Partial<ResponseSchemas>;
}

/**
 * A per-route request limit (@fastify/rate-limit, see server/plugins/rateLimit.ts): at most
 * `max` requests in `timeWindow` ms per key, counted after authorization and validation. The
 * default key is the caller's address; a `key` function may read the body and the session
 * (e.g. the recipient of a mail).
 */
export interface RouteRateLimit {
  /** A number, or read per request (e.g. from the config through request.server.deps). */
  max: number | ((request: FastifyRequest) => number);
  timeWindow: number;
  key?: (request: FastifyRequest) => string;
}

export interface RouteDef {
  method: HttpMethod;
  url: string;
  access: Access;
  summary: string;
  tags?: string[];
  schema?: RouteSchema;
  /** Per-route body limit in bytes, where the default (1 MiB) is wrong. */
  bodyLimit?: number;
  /** A GET that changes state: refused unless one of our pages sent it (server/http/origins.ts). */
  sameOriginOnly?: boolean;
  rateLimit?: RouteRateLimit;
  /** Keep the body's exact text as request.rawBody (signed webhooks). */
  rawBody?: boolean;
  /** Takes a multipart form (request.file()): only these routes carry @fastify/multipart's hooks. */
  multipart?: boolean;
  /**
   * Method syntax on purpose: TypeScript compares a method's parameters both ways, so a route()
   * whose handler takes the request narrowed to its schemas' outputs is a RouteDef as it is.
   */
  handler(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/** A route's answers: a zod schema per status (or per class, '4xx'); what it names is all that leaves. */
export type ResponseSchemas = Record<number | `${1 | 2 | 3 | 4 | 5}xx`, z.ZodType | ContentAnswer>;

/** What a handler may return: a value of one of its 2xx schemas (checked by the compiler, encoded by zod), or the reply it sent itself (a file, a redirect). */
type Answer<R> = [keyof R] extends [never]
  ? unknown
  : { [S in keyof R]: S extends 200 | 201 | 202 ? (R[S] extends z.ZodType ? z.output<R[S]> : never) : never }[keyof R] | FastifyReply | void;
type NoResponses = Record<never, never>;

type RouteInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends Partial<ResponseSchemas>> = Omit<RouteDef, 'schema' | 'handler'> & {
  schema?: { params?: P; querystring?: Q; body?: B; response?: R };
  handler: (request: FastifyRequest & { params: z.output<P>; query: z.output<Q>; body: z.output<B> }, reply: FastifyReply) => Promise<Answer<R>>;
};

/** A typed route: params, query and body are the parsed zod outputs; the handler answers what its response schemas say. */
export function route<
  P extends z.ZodType = z.ZodType<unknown>,
  Q extends z.ZodType = z.ZodType<unknown>,
  B extends z.ZodType = z.ZodType<unknown>,
  R extends Partial<ResponseSchemas> = NoResponses,
>(def: RouteInput<P, Q, B, R>): RouteDef {
  return def;
}

/** The routes of one OpenAPI tag: `const route = taggedRoute('pages')`, then each route() is declared under it. */
export const taggedRoute =
  (...tags: string[]): typeof route =>
  (def) =>
    route({ ...def, tags });

/** A handler answering what `read` says of the path's :id (an account, mostly), as many reads are. */
export const answerOfPathId =
  <T>(read: (deps: Deps, id: string) => Promise<T>) =>
  (request: FastifyRequest & { params: { id: string } }): Promise<T> =>
    read(request.server.deps, request.params.id);

interface AccessGrant {
  accountId: string;
  /** The caller's role there; null for a platform admin who is not a member. */
  role: AccountRole | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    access?: AccessGrant;
    /** The body's exact text, on routes declared with rawBody. */
    rawBody?: string;
  }
}

async function locateAccount(db: Db, request: FastifyRequest, locator: AccountLocator): Promise<string> {
  const params = (request.params ?? {}) as Record<string, string>;
  if (locator.from === 'current') {
    const accountId = request.auth?.session.accountId;
    if (!accountId) throw forbidden('app.server.selectAccountFirst');
    return accountId;
  }
  if (locator.from === 'param') {
    const id = params[locator.name];
    if (!id) throw notFound('account');
    return id;
  }
  const id = params[locator.param];
  const accountId = id ? await accountOfRecord(db, locator.table, id) : undefined;
  if (!accountId) throw missingRecord(locator);
  return accountId;
}

const RECORD_SUBJECTS: Readonly<Record<string, NotFoundSubject>> = { pages: 'page', uploads: 'upload', invites: 'invite' };
const missingRecord = (locator: Extract<AccountLocator, { from: 'record' }>) => notFound(locator.missing ?? RECORD_SUBJECTS[locator.table] ?? 'record');

/** The guard every route runs before its input is validated. */
export async function authorize(db: Db, permissions: PermissionTable, request: FastifyRequest, access: Access): Promise<void> {
  if (access === 'public') return;
  const auth = request.auth;
  if (!auth) throw unauthenticated();
  if (access === 'signedIn') return;
  const rule = permissions.ruleFor(access.resource, access.action);
  if (!rule) throw new Error(`No permission rule for ${access.resource}.${access.action}`);
  // A user's own records: the repository reads the signed-in user's rows only.
  if (rule === 'signedIn') return;
  const type = auth.user.type;
  if (rule === 'platformAdmin') {
    if (!satisfies({ type, role: null }, rule)) throw forbidden();
    return;
  }
  const locator = access.account ?? { from: 'param', name: 'id' };
  const account = await accountAndRole(db, await locateAccount(db, request, locator), auth.user.id);
  if (!account) {
    // A session whose current account is gone is refused like any other missing account.
    if (locator.from === 'current') throw forbidden('app.server.selectAccountFirst');
    // An account id that names nothing is refused like an account one is not a member of (403,
    // which sends the console to /), so no answer tells which ids exist; only a platform admin,
    // who may open every account, learns that it is not there (404).
    if (type !== 'admin') throw forbidden();
    throw notFound('account');
  }
  const role = account.role ?? null;
  // Another account's record is not there for this caller (404): a refusal would tell it exists.
  if (locator.from === 'record' && role === null && type !== 'admin') throw missingRecord(locator);
  if (!satisfies({ type, role }, rule)) throw forbidden();
  if (account.status !== 'enabled' && type !== 'admin') throw forbidden('app.server.accountNotActive');
  request.access = { accountId: account.id, role };
}
