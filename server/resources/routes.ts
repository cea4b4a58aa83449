import { z } from 'zod';
import { idParam } from '#shared/domain/schemas/common';
import {
  actionsOf,
  createSchemaOf,
  listQueryOf,
  listSchemaOf,
  recordParam,
  recordSchemaOf,
  updateSchemaOf,
  type AnyResource,
  type ResourceAction,
} from '#shared/resources/define';
import { notFound } from '../errors';
import { route, type Access, type DeclaredResourceName, type RouteDef } from '../routes/define';
import { createRecord, deleteRecord, findRecord, listRecords, updateRecord, type ListRequest } from './repository';

/**
 * The routes of a declared resource's actions (issue 31), through route() like every other, so the
 * route table, OpenAPI, the role walk and the bad-input walk see them:
 *   GET (list), POST (create)                   /api/accounts/:id/<name>
 *   GET (show), PUT (edit), DELETE (delete)     /api/accounts/:id/<name>/:<record>Id
 * The guard checks the caller's role in account :id against the declared access row; the
 * repository reads the row inside that account only, so another account's id answers 404.
 */
export function resourceRoutes(resource: AnyResource): RouteDef[] {
  const param = recordParam(resource);
  const base = `/api/accounts/:id/${resource.name}`;
  const one = `${base}/:${param}`;
  const oneParams = idParam.extend({ [param]: z.string().min(1).max(64) });
  const record = recordSchemaOf(resource);
  const fieldNames = Object.keys(resource.fields);
  const tags = [resource.name];
  // The declared access row, read through shared/domain/permissions.ts ruleFor like PERMISSIONS' rows.
  const access = (action: ResourceAction): Access => ({ resource: resource.name as DeclaredResourceName, action });
  const name = resource.name;
  const idOf = (params: unknown) => (params as Record<string, string>)[param];
  const accountOf = (request: { access?: { accountId: string } }) => request.access!.accountId;
  const missing = () => notFound('record');

  const routes: Record<ResourceAction, RouteDef> = {
    list: route({
      method: 'GET',
      url: base,
      access: access('list'),
      summary: `The account's ${name} (paged, sortable${resource.search?.length ? ', searchable' : ''}${resource.filters?.length ? ', filterable' : ''})`,
      tags,
      schema: { params: idParam, querystring: listQueryOf(resource), response: { 200: listSchemaOf(resource) } },
      async handler(request) {
        return listRecords(request.server.deps.db, resource, accountOf(request), request.query as ListRequest);
      },
    }),
    create: route({
      method: 'POST',
      url: base,
      access: access('create'),
      summary: `Create one of the account's ${name}`,
      tags,
      schema: { params: idParam, body: createSchemaOf(resource), response: { 201: record } },
      async handler(request, reply) {
        const created = await createRecord(request.server.deps.db, resource, accountOf(request), request.body as Record<string, unknown>);
        return reply.status(201).send(created);
      },
    }),
    show: route({
      method: 'GET',
      url: one,
      access: access('show'),
      summary: `One of the account's ${name}`,
      tags,
      schema: { params: oneParams, response: { 200: record } },
      async handler(request) {
        const found = await findRecord(request.server.deps.db, resource, accountOf(request), idOf(request.params));
        if (!found) throw missing();
        return found;
      },
    }),
    edit: route({
      method: 'PUT',
      url: one,
      access: access('edit'),
      summary: `Save one of the account's ${name} (every field; takes back what GET answered)`,
      tags,
      schema: { params: oneParams, body: updateSchemaOf(resource), response: { 200: record } },
      async handler(request) {
        // A PUT saves every field: one left out (a cleared optional number) is cleared.
        const body = request.body as Record<string, unknown>;
        const values = Object.fromEntries(fieldNames.map((key) => [key, body[key] ?? null]));
        const saved = await updateRecord(request.server.deps.db, resource, accountOf(request), idOf(request.params), values);
        if (!saved) throw missing();
        return saved;
      },
    }),
    delete: route({
      method: 'DELETE',
      url: one,
      access: access('delete'),
      summary: `Delete one of the account's ${name}`,
      tags,
      schema: { params: oneParams, response: { 200: z.object({ id: z.string() }) } },
      async handler(request) {
        const id = idOf(request.params);
        if (!(await deleteRecord(request.server.deps.db, resource, accountOf(request), id))) throw missing();
        return { id };
      },
    }),
  };
  return actionsOf(resource).map((action) => routes[action]);
}

/** Every declared resource's routes. */
export const declaredRoutes = (resources: readonly AnyResource[]): RouteDef[] => resources.flatMap(resourceRoutes);
