import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { idParam } from '#shared/domain/schemas/common';
import type { PermissionAction, PermissionResource } from '#shared/domain/permissions';
import { route, type HttpMethod, type PermissionAccess, type RouteDef, type RouteRateLimit } from './define';

/** A permission resource that has both a show and an edit rule. */
type ShowAndEdit = { [R in PermissionResource]: 'show' | 'edit' extends PermissionAction<R> ? R : never }[PermissionResource];

/** The request of a record route: the record's id in the path, the parsed body. */
type RecordRequest<B = unknown> = FastifyRequest & { params: z.output<typeof idParam>; body: B };

/**
 * The routes of one thing a record has at one URL, where every route answers the thing as it now is:
 * an account's configuration (/api/accounts/:id), its webhook endpoint, a user's musician profile.
 * They share the URL, the tag, the permission resource and the answer; each route says its summary
 * and what it does with the record of the path's :id.
 */
export function recordRoutes<R extends ShowAndEdit, A extends z.ZodType>(thing: { url: string; resource: R; tags: string[]; answer: A }) {
  type Answer = Promise<z.output<A>>;
  const on = <B extends z.ZodType>(
    method: HttpMethod,
    path: string,
    action: 'show' | 'edit',
    summary: string,
    run: (request: RecordRequest<z.output<B>>) => Answer,
    { body, rateLimit }: { body?: B; rateLimit?: RouteRateLimit } = {},
  ): RouteDef =>
    route({
      method,
      url: `${thing.url}${path}`,
      access: { resource: thing.resource, action } as PermissionAccess,
      summary,
      tags: thing.tags,
      ...(rateLimit ? { rateLimit } : {}),
      schema: { params: idParam, ...(body ? { body } : {}), response: { 200: thing.answer } },
      async handler(request) {
        // `run` ties the answer to the schema at each call; TypeScript cannot follow the generic into route().
        return (await run(request as RecordRequest<z.output<B>>)) as never;
      },
    });
  return {
    /** GET the thing (its show rule). */
    show: (summary: string, read: (request: RecordRequest) => Answer) => on('GET', '', 'show', summary, read),
    /** PUT the thing from `body` (its edit rule). */
    edit: <B extends z.ZodType>(summary: string, body: B, save: (request: RecordRequest<z.output<B>>) => Answer) =>
      on('PUT', '', 'edit', summary, save, { body }),
    /** Another change without a body at the URL plus `path` (its edit rule): a removal, a new secret. */
    change: (method: 'POST' | 'DELETE', path: string, summary: string, run: (request: RecordRequest) => Answer, rateLimit?: RouteRateLimit) =>
      on(method, path, 'edit', summary, run, { rateLimit }),
  };
}
