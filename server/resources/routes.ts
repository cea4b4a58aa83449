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
  bulkActionSchema,
  withDerived,
  writableFieldsOf,
  type AnyResource,
  type ResourceAction,
} from '#shared/resources/define';
import { idParam } from '#shared/domain/schemas/common';
import { notFound } from '../errors';
import { route, type Access, type AccountLocator, type DeclaredResourceName, type NotFoundSubject, type RouteDef } from '../routes/define';
import { createRecord, deleteRecord, findRecord, listRecords, parentExists, updateRecord, updateRecords, RecordGone, type ListRequest, type Row } from '../db/repositories/declared';
import type { ResourceBehaviour, ResourceContext } from './behaviour';

/**
 * The routes of a declared resource's actions, through route() like every other, so the route
 * table, OpenAPI, the role walk and the bad-input walk see them. Under its parent's path
 * (/api/accounts/:id/<name> by default, or the declared one such as /api/users/:id/messages):
 *   GET (list), POST (create)                   <path>
 *   GET (show), PUT (edit), DELETE (delete)     <path>/:<record>Id
 *   POST (a record action)                      <path>/:<record>Id/<action>
 *   POST (a bulk action, { ids })               <path>/<action>
 * An account resource's guard checks the caller's role against the declared access row in account
 * :id, or in the account that owns its parent row (a page's setlists: /api/pages/:id/setlists); a
 * platform resource's, that the caller is a platform admin, and then that its parent is there.
 * The repository reads the row under that parent only, so another's id answers 404.
 */
export function resourceRoutes(resource: AnyResource, behaviour: ResourceBehaviour = {}): RouteDef[] {
  const parent = parentOf(resource);
  const param = recordParam(resource);
  const base = `/api/${parent.path}`;
  const oneUrl = `${base}/:${param}`;
  const oneParams = idParam.extend({ [param]: z.string().min(1).max(64) });
  const record = recordSchemaOf(resource);
  const fieldNames = Object.keys(writableFieldsOf(resource));
  const tags = [resource.name];
  const name = resource.name;
  // An account resource under another row finds its account through that row.
  const locator: AccountLocator | undefined =
    resource.scope === 'account' && resource.parent ? { from: 'record', table: parent.table, param: 'id', missing: parent.missing as NotFoundSubject } : undefined;
  // The declared access row, read from the app's permission table like PERMISSIONS' rows.
  const access = (action: string): Access =>
    ({ resource: resource.name as DeclaredResourceName, action: action as ResourceAction, ...(locator ? { account: locator } : {}) });
  const summary = (action: string, fallback: string) => behaviour.routes?.[action]?.summary ?? fallback;
  const rateLimit = (action: string) => behaviour.routes?.[action]?.rateLimit;
  const idOf = (params: unknown) => (params as Record<string, string>)[param];
  const missing = () => notFound('record');
  const read = (row: Row) => withDerived(resource, behaviour.read ? behaviour.read(row) : row);

  /** The parent the path names: the guard's account, or (platform resources) a row that must be there. */
  async function contextOf(request: FastifyRequest): Promise<ResourceContext> {
    const deps = request.server.deps;
    const parentId = (request.params as { id: string }).id;
    // The guard found an account's parent; a platform resource's parent is checked here.
    if (!request.access && !(await parentExists(deps.db, resource, parentId))) throw notFound(parent.missing as NotFoundSubject);
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
      url: oneUrl,
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
      url: oneUrl,
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
      url: oneUrl,
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
  return [...actionsOf(resource).map((action) => routes[action]), ...recordActionRoutes()];

  /** Each record action's route, and its bulk route where it has one. */
  function recordActionRoutes(): RouteDef[] {
    return Object.entries(resource.recordActions ?? {}).flatMap(([action, declared]) => {
      /** The values an action writes to one record: its declared `set`, as the hook answers it (or refuses). */
      const valuesFor = async (context: ResourceContext, record: Row) => {
        const values = { ...declared.set };
        return behaviour.beforeAction ? behaviour.beforeAction(context, action, record, values) : values;
      };
      const one = route({
        method: 'POST',
        url: `${oneUrl}/${action}`,
        access: access(action),
        summary: summary(action, `${action} one of the ${name}`),
        tags,
        rateLimit: rateLimit(action),
        schema: { params: oneParams, response: { 200: record } },
        async handler(request) {
          const context = await contextOf(request);
          const found = await findRecord(context.deps.db, resource, context.parentId, idOf(request.params));
          if (!found) throw missing();
          const saved = await updateRecord(context.deps.db, resource, context.parentId, found.id, await valuesFor(context, found));
          if (!saved) throw missing();
          await behaviour.afterWrite?.(context, action, saved);
          return read(saved);
        },
      });
      if (!declared.bulk) return [one];
      const bulk = route({
        method: 'POST',
        url: `${base}/${action}`,
        access: access(action),
        summary: summary(action, `${action} several of the ${name} (all or none)`),
        tags,
        rateLimit: rateLimit(action),
        schema: { params: idParam, body: bulkActionSchema, response: { 200: bulkActionSchema } },
        async handler(request) {
          const context = await contextOf(request);
          const ids = [...new Set(request.body.ids)];
          // Every record is checked (and its hook asked) before any is written: one refusal writes none.
          const writes = await Promise.all(
            ids.map(async (id) => {
              const found = await findRecord(context.deps.db, resource, context.parentId, id);
              if (!found) throw missing();
              return { id, values: await valuesFor(context, found) };
            }),
          );
          const saved = await updateRecords(context.deps.db, resource, context.parentId, writes).catch((error: unknown) => {
            throw error instanceof RecordGone ? missing() : error;
          });
          for (const row of saved) await behaviour.afterWrite?.(context, action, row);
          return { ids };
        },
      });
      return [one, bulk];
    });
  }
}

/** Every declared resource's routes, each with its behaviour where it has one. */
export const declaredRoutes = (resources: readonly AnyResource[], behaviours: Readonly<Record<string, ResourceBehaviour>> = {}): RouteDef[] =>
  resources.flatMap((resource) => resourceRoutes(resource, behaviours[resource.name]));
