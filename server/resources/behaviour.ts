import type { ResourceAction } from '#shared/resources/define';
import type { Deps } from '../deps';
import type { User } from '../db/types';
import type { Row } from '../db/repositories/declared';
import type { RouteRateLimit } from '../routes/define';

/** Who acts and where: the app's parts, the signed-in user, and the parent the path names. */
export interface ResourceContext {
  deps: Deps;
  actor: User;
  parentId: string;
}

/**
 * What a declared resource does beyond storing its fields, on the server (Strapi's lifecycles,
 * Directus' hooks): each part optional, the rest of the resource stays generated. It lives in
 * server/resources/<name>.ts, beside nothing else, and is listed in ./behaviours.ts.
 */
export interface ResourceBehaviour {
  /**
   * Before a row is written (the values as validated): throw to refuse and nothing is written;
   * answer the values to store, which may set a reference's column (who sent it). Work that must
   * have happened for the row to exist (a mail that must go out first) belongs here.
   */
  beforeCreate?(context: ResourceContext, values: Record<string, unknown>): Promise<Record<string, unknown>>;
  beforeUpdate?(context: ResourceContext, values: Record<string, unknown>, id: string): Promise<Record<string, unknown>>;
  beforeDelete?(context: ResourceContext, id: string): Promise<void>;
  /**
   * Before a record action writes a record (its declared `set` as values): throw to refuse (a
   * rule the record must meet), answer the values to write.
   */
  beforeAction?(context: ResourceContext, action: string, record: Row, values: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** After the write is done (create, edit, delete or a record action): jobs, webhooks, mails about it. A failure here does not undo the write. */
  afterWrite?(context: ResourceContext, action: string, record: Row): Promise<void>;
  /** Derived read fields: the record as the API answers it (a sanitized text, a name made of two columns). */
  read?(record: Row): Row;
  /** Per-action route settings the generic route lacks: a rate limit, a summary in the spec's words. */
  routes?: Partial<Record<ResourceAction | (string & {}), { rateLimit?: RouteRateLimit; summary?: string }>>;
}

/** A behaviour checked against its resource's name where it is listed. */
export const defineBehaviour = (behaviour: ResourceBehaviour): ResourceBehaviour => Object.freeze(behaviour);
