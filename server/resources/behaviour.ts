import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ResourceAction } from '#shared/resources/define';
import type { AccountRole } from '#shared/domain/roles';
import type { Deps } from '../deps';
import type { Db } from '../db';
import type { User } from '../db/types';
import type { ListRequest, Row } from '../db/repositories/declared';
import type { MessageKey } from '../messages';
import type { ResponseSchemas, RouteRateLimit } from '../routes/define';

/** Who acts and where: the app's parts, the signed-in user, the parent the path names and the caller's role there. */
export interface ResourceContext {
  deps: Deps;
  actor: User;
  parentId: string;
  /** The caller's role in the account (account resources; null for a platform admin who is not a member, and on platform resources). */
  role: AccountRole | null;
  /** A record of the parent as the API answers it (404 when it is not there): what a replaced route answers after writing. */
  answer(id: string): Promise<Row>;
}

/**
 * The generated repository of one resource (server/db/repositories/declared.ts), each method
 * replaceable by name with a repository function of its own (a membership read through its user).
 */
export interface ResourceRepository {
  /**
   * One page of the list and its total (more keys of the page, a capped total, are answered as
   * given). `context` says who asks: a list of its own may depend on it (Fan Data's filters are
   * a feature of the account's plan, and platform admins pass it); the generated one does not.
   */
  list(db: Db, parentId: string, request: ListRequest, context: ResourceContext): Promise<{ data: Row[]; total: number }>;
  find(db: Db, parentId: string, id: string): Promise<Row | undefined>;
  /** Writes a new row and answers its id. */
  insert(db: Db, parentId: string, values: Record<string, unknown>): Promise<string>;
  /** False when the parent has no such row. */
  update(db: Db, parentId: string, id: string, values: Record<string, unknown>): Promise<boolean>;
  /** False when the parent has no such row. */
  remove(db: Db, parentId: string, id: string): Promise<boolean>;
}

/**
 * A route replaced by name: what differs from the generated one (a body and answers of the spec's
 * own shape, a handler); its path, access, rate limit and OpenAPI entry stay generated.
 */
export interface RouteLayer {
  summary?: string;
  rateLimit?: RouteRateLimit;
  /**
   * The query string the route takes, when it is not the declared one (`listQueryOf`: paging, the
   * declared sorts, `q`, one parameter per filter): a list whose parameters are the spec's own
   * (Fan Data's `fanDataQuery`, its filters named apart from columns and its dates in order).
   * Validation and OpenAPI read it, as they read `body` for a create.
   */
  query?: z.ZodType;
  body?: z.ZodType;
  response?: Partial<ResponseSchemas>;
  handler?(request: FastifyRequest, reply: FastifyReply, context: ResourceContext): Promise<unknown>;
  /** A bulk record action's route, changed apart from the one-record route (a body with the ids and more, a service that writes them all). */
  bulk?: Omit<RouteLayer, 'bulk'>;
}

/**
 * What a declared resource does beyond storing its fields, on the server (Strapi's lifecycles and
 * core services, Directus' hooks): each part optional, the rest of the resource stays generated.
 * It lives in server/resources/<name>.ts and is listed in ./behaviours.ts.
 */
export interface ResourceBehaviour {
  /**
   * Before a row is written (the values as validated): throw to refuse and nothing is written;
   * answer the values to store, which may set a reference's column (who sent it). Work that must
   * have happened for the row to exist (a mail that must go out first) belongs here.
   */
  beforeCreate?(context: ResourceContext, values: Record<string, unknown>): Promise<Record<string, unknown>>;
  /**
   * Before an edit writes (the writable fields as given, the record as it is, and the whole body,
   * which may carry what only the hook reads, a new image's temporary file): answer the values to write.
   */
  beforeUpdate?(context: ResourceContext, values: Record<string, unknown>, record: Row, body: Record<string, unknown>): Promise<Record<string, unknown>>;
  beforeDelete?(context: ResourceContext, record: Row): Promise<void>;
  /** Before a record action writes a record (its declared `set` as values): throw to refuse (a rule the record must meet), answer the values to write. */
  beforeAction?(context: ResourceContext, action: string, record: Row, values: Record<string, unknown>): Promise<Record<string, unknown>>;
  /**
   * After the write is done (create, edit, delete or a record action), with the record as it was
   * before an edit or an action: jobs, webhooks, mails, files it no longer names. A failure here
   * does not undo the write.
   */
  afterWrite?(context: ResourceContext, action: string, record: Row, previous?: Row): Promise<void>;
  /** Derived read fields the declaration cannot make (a sanitized text, a name made of two columns). */
  read?(record: Row): Row;
  /**
   * Fields made per request for the records of one answer at once, after `read` (a reel's signed
   * file addresses: a signature needs the file store and expires, so it is never stored). Every
   * answer of the resource passes through it: lists, reads and what writes and actions answer.
   */
  sign?(context: Pick<ResourceContext, 'deps'>, records: Row[]): Promise<Row[]>;
  /** Repository methods replaced by name. */
  repository?: Partial<ResourceRepository>;
  /** Routes changed or replaced by action name. */
  routes?: Partial<Record<ResourceAction | (string & {}), RouteLayer>>;
  /** The 404 of a record that is not there (default: 'Record Not Found'). */
  notFound?: MessageKey;
}

/** A behaviour, frozen where it is declared. */
export const defineBehaviour = (behaviour: ResourceBehaviour): ResourceBehaviour => Object.freeze(behaviour);

/**
 * A route layer's handler for a change a service makes to the record the path names (:id): the row
 * is loaded by `load` (which answers 404 when it is not there), changed, and the record answered as
 * the resource answers it (enabling a user, moving an account to another plan).
 */
export function changeThenAnswer<T>(
  load: (db: Db, id: string) => Promise<T>,
  change: (context: ResourceContext, request: FastifyRequest, row: T) => Promise<unknown>,
) {
  return async (request: FastifyRequest, _reply: FastifyReply, context: ResourceContext) => {
    const { id } = request.params as { id: string };
    await change(context, request, await load(context.deps.db, id));
    return context.answer(id);
  };
}
