import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  actionsOf,
  createSchemaOf,
  listQueryOf,
  listSchemaOf,
  parentOf,
  recordParam,
  recordSchemaOf,
  updateSchemaOf,
  type AnyResource,
  type ResourceAction,
} from '#shared/resources/define';
import { serverMessages } from '#shared/i18n/server';
import { idParam } from '#shared/domain/schemas/common';
import { notFound } from '../errors';
import { route, type Access, type DeclaredResourceName, type RouteDef } from '../routes/define';
import { createRecord, deleteRecord, findRecord, listRecords, parentExists, updateRecord, type ListRequest, type Row } from '../db/repositories/declared';
import type { ResourceBehaviour, ResourceContext } from './behaviour';

/**
 * The routes of a declared resource's actions, through route() like every other, so the route
 * table, OpenAPI, the role walk and the bad-input walk see them. Under its parent's path
 * (/api/accounts/:id/<name> by default, or the declared one such as /api/users/:id/messages):
 *   GET (list), POST (create)                   <path>
 *   GET (show), PUT (edit), DELETE (delete)     <path>/:<record>Id
 * An account resource's guard checks the caller's role in account :id against the declared access
 * row; a platform resource's, that the caller is a platform admin, and then that its parent is
 * there. The repository reads the row under that parent only, so another's id answers 404.
 */
export function resourceRoutes(resource: AnyResource, behaviour: ResourceBehaviour = {}): RouteDef[] {
  const parent = parentOf(resource);
  const param = recordParam(resource);
  const base = `/api/${parent.path}`;
  const one = `${base}/:${param}`;
  const oneParams = idParam.extend({ [param]: z.string().min(1).max(64) });
  const record = recordSchemaOf(resource);
  const fieldNames = Object.keys(resource.fields);
  const tags = [resource.name];
  const name = resource.name;
  // The declared access row, read from the app's permission table like PERMISSIONS' rows.
  const access = (action: ResourceAction): Access => ({ resource: resource.name as DeclaredResourceName, action });
  const summary = (action: ResourceAction, fallback: string) => behaviour.routes?.[action]?.summary ?? fallback;
  const rateLimit = (action: ResourceAction) => behaviour.routes?.[action]?.rateLimit;
  const idOf = (params: unknown) => (params as Record<string, string>)[param];
  const missing = () => notFound('record');
  const read = (row: Row) => (behaviour.read ? behaviour.read(row) : row);

  /** The parent the path names: the guard's account, or (platform resources) a row that must be there. */
  async function contextOf(request: FastifyRequest): Promise<ResourceContext> {
    const deps = request.server.deps;
    const parentId = request.access?.accountId ?? (request.params as { id: string }).id;
    if (!request.access && !(await parentExists(deps.db, resource, parentId))) throw notFound(parent.missing as keyof typeof serverMessages.notFound);
    return { deps, actor: request.auth!.user, parentId };
  }

  const routes: Record<ResourceAction, RouteDef> = {
    list: route({
      method: 'GET',
      url: base,
      access: access('list'),
      summary: summary('list', `The ${name} (paged, sortable${resource.search?.length ? ', searchable' : ''}${resource.filters?.length ? ', filterable' : ''})`),
      tags,
      rateLimit: rateLimit('list'),
      schema: { params: idParam, querystring: listQueryOf(resource), response: { 200: listSchemaOf(resource) } },
      async handler(request) {
        const { deps, parentId } = await contextOf(request);
        const page = await listRecords(deps.db, resource, parentId, request.query as ListRequest);
        return { data: page.data.map(read), total: page.total };
      },
    }),
    create: route({
      method: 'POST',
      url: base,
      access: access('create'),
      summary: summary('create', `Create one of the ${name}`),
      tags,
      rateLimit: rateLimit('create'),
      schema: { params: idParam, body: createSchemaOf(resource), response: { 201: record } },
      async handler(request, reply) {
        const context = await contextOf(request);
        const body = request.body as Record<string, unknown>;
        const values = behaviour.beforeCreate ? await behaviour.beforeCreate(context, body) : body;
        const created = await createRecord(context.deps.db, resource, context.parentId, values);
        await behaviour.afterWrite?.(context, 'create', created);
        return reply.status(201).send(read(created));
      },
    }),
    show: route({
      method: 'GET',
      url: one,
      access: access('show'),
      summary: summary('show', `One of the ${name}`),
      tags,
      rateLimit: rateLimit('show'),
      schema: { params: oneParams, response: { 200: record } },
      async handler(request) {
        const { deps, parentId } = await contextOf(request);
        const found = await findRecord(deps.db, resource, parentId, idOf(request.params));
        if (!found) throw missing();
        return read(found);
      },
    }),
    edit: route({
      method: 'PUT',
      url: one,
      access: access('edit'),
      summary: summary('edit', `Save one of the ${name} (every field; takes back what GET answered)`),
      tags,
      rateLimit: rateLimit('edit'),
      schema: { params: oneParams, body: updateSchemaOf(resource), response: { 200: record } },
      async handler(request) {
        const context = await contextOf(request);
        const id = idOf(request.params);
        // A PUT saves every field: one left out (a cleared optional number) is cleared.
        const body = request.body as Record<string, unknown>;
        const given = Object.fromEntries(fieldNames.map((key) => [key, body[key] ?? null]));
        if (behaviour.beforeUpdate && !(await findRecord(context.deps.db, resource, context.parentId, id))) throw missing();
        const values = behaviour.beforeUpdate ? await behaviour.beforeUpdate(context, given, id) : given;
        const saved = await updateRecord(context.deps.db, resource, context.parentId, id, values);
        if (!saved) throw missing();
        await behaviour.afterWrite?.(context, 'edit', saved);
        return read(saved);
      },
    }),
    delete: route({
      method: 'DELETE',
      url: one,
      access: access('delete'),
      summary: summary('delete', `Delete one of the ${name}`),
      tags,
      rateLimit: rateLimit('delete'),
      schema: { params: oneParams, response: { 200: z.object({ id: z.string() }) } },
      async handler(request) {
        const context = await contextOf(request);
        const id = idOf(request.params);
        const found = await findRecord(context.deps.db, resource, context.parentId, id);
        if (!found) throw missing();
        await behaviour.beforeDelete?.(context, id);
        if (!(await deleteRecord(context.deps.db, resource, context.parentId, id))) throw missing();
        await behaviour.afterWrite?.(context, 'delete', found);
        return { id };
      },
    }),
  };
  return actionsOf(resource).map((action) => routes[action]);
}

/** Every declared resource's routes, each with its behaviour where it has one. */
export const declaredRoutes = (resources: readonly AnyResource[], behaviours: Readonly<Record<string, ResourceBehaviour>> = {}): RouteDef[] =>
  resources.flatMap((resource) => resourceRoutes(resource, behaviours[resource.name]));
