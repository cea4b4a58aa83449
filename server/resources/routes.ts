import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  actionsOf,
  bulkActionSchema,
  createSchemaOf,
  listQueryOf,
  listSchemaOf,
  parentOf,
  permissionOf,
  recordParam,
  recordSchemaOf,
  updateSchemaOf,
  withDerived,
  writableFieldsOf,
  type AnyResource,
  type ResourceAction,
} from '#shared/resources/define';
import { idParam } from '#shared/domain/schemas/common';
import { HttpError, notFound } from '../errors';
import { route, type Access, type AccountLocator, type DeclaredResourceName, type NotFoundSubject, type RouteDef } from '../routes/define';
import {
  deleteRecord,
  findRecord,
  insertRecord,
  listRecords,
  parentExists,
  RecordGone,
  updateRecord,
  updateRecords,
  type Row,
} from '../db/repositories/declared';
import type { ResourceBehaviour, ResourceContext, ResourceRepository, RouteLayer } from './behaviour';
import { checkChosenReferences } from './references';

/** The generated repository of a resource, with the methods its behaviour replaces. */
function repositoryOf(resource: AnyResource, replaced: Partial<ResourceRepository> = {}): ResourceRepository {
  return {
    list: (db, parentId, request) => listRecords(db, resource, parentId, request),
    find: (db, parentId, id) => findRecord(db, resource, parentId, id),
    insert: (db, parentId, values) => insertRecord(db, resource, parentId, values),
    update: (db, parentId, id, values) => updateRecord(db, resource, parentId, id, values),
    remove: (db, parentId, id) => deleteRecord(db, resource, parentId, id),
    ...replaced,
  };
}

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
 * platform resource's, that the caller is a platform admin, and then that its parent is there; a
 * user's own records' (/api/users/me/<name>), only that someone is signed in, who is the parent.
 * The repository reads the row under that parent only, so another's id answers 404.
 */
function resourceRoutes(resource: AnyResource, behaviour: ResourceBehaviour = {}): RouteDef[] {
  const parent = parentOf(resource);
  const repository = repositoryOf(resource, behaviour.repository);
  const param = recordParam(resource);
  const base = `/api/${parent.path}`;
  // The list's path names its parent (:id), unless the resource has a path of its own.
  const listParams = parent.path.includes(':id') ? { params: idParam } : {};
  // A record reached by its own id (/api/pages/:id) rather than under its parent.
  const ownPath = resource.recordPath !== undefined;
  const oneUrl = ownPath ? `/api/${resource.recordPath}` : `${base}/:${param}`;
  const oneParams = ownPath ? idParam : (parent.path.includes(':id') ? idParam : z.object({})).extend({ [param]: z.string().min(1).max(64) });
  // A user's own records: the parent is whoever is signed in.
  const mine = resource.scope === 'user';
  const record = recordSchemaOf(resource);
  const fieldNames = Object.keys(writableFieldsOf(resource));
  const tags = [resource.name];
  const name = resource.name;
  // An account resource under another row finds its account through that row.
  const locator: AccountLocator | undefined =
    resource.scope === 'account' && parent.table && parent.table !== 'accounts'
      ? { from: 'record', table: parent.table, param: 'id', missing: parent.missing as NotFoundSubject }
      : undefined;
  // An account's record reached by its own id finds the account through the record; the account's
  // own record is the account the path names.
  const recordLocator: AccountLocator | undefined = resource.table === 'accounts' ? undefined : { from: 'record', table: resource.table, param: 'id' };
  // The declared access row, read from the app's permission table like PERMISSIONS' rows.
  const access = (action: string, onRecord = false): Access => {
    const account = onRecord && ownPath && resource.scope === 'account' ? recordLocator : locator;
    return { resource: permissionOf(resource) as DeclaredResourceName, action: action as ResourceAction, ...(account ? { account } : {}) };
  };
  const layer = (action: string) => behaviour.routes?.[action] ?? {};
  const summary = (action: string, fallback: string) => layer(action).summary ?? fallback;
  const idOf = (params: unknown) => (params as Record<string, string>)[ownPath ? 'id' : param];
  const missing = () => (behaviour.notFound ? new HttpError(404, 'NotFoundError', behaviour.notFound) : notFound('record'));
  /** Records as the API answers them: derived fields made, then what the behaviour signs per request. */
  const readAll = async (rows: Row[], context: Pick<ResourceContext, 'deps'>) => {
    const records = rows.map((row) => withDerived(resource, behaviour.read ? behaviour.read(row) : row, context.deps.config));
    return behaviour.sign ? behaviour.sign(context, records) : records;
  };
  const read = async (row: Row, context: Pick<ResourceContext, 'deps'>) => (await readAll([row], context))[0];

  /** The parent the path names (or its record's account): the guard's account, or (platform resources) a row that must be there. */
  async function contextOf(request: FastifyRequest, onRecord = false): Promise<ResourceContext> {
    const deps = request.server.deps;
    // A platform resource of its own path has no parent: its rows are everyone's.
    const parentId = mine ? request.auth!.user.id : onRecord && ownPath ? (request.access?.accountId ?? '') : ((request.params as { id?: string }).id ?? '');
    // The guard found an account's parent; a platform resource's parent is checked here.
    if (!mine && !request.access && !(await parentExists(deps.db, resource, parentId))) throw notFound(parent.missing as NotFoundSubject);
    const context: ResourceContext = {
      deps,
      actor: request.auth!.user,
      parentId,
      role: request.access?.role ?? null,
      answer: async (id) => read(await found(context, id), context),
    };
    return context;
  }
  async function found(context: ResourceContext, id: string): Promise<Row> {
    const row = await repository.find(context.deps.db, context.parentId, id);
    if (!row) throw missing();
    return row;
  }

  /** A route of the resource: its generated parts, with what its behaviour changes for the action. */
  const declaredRoute = (
    action: string,
    def: Omit<RouteDef, 'access' | 'tags' | 'rateLimit'>,
    onRecord = false,
    changed: RouteLayer = layer(action),
  ): RouteDef => {
    const schema = {
      ...def.schema,
      ...(changed.body ? { body: changed.body } : {}),
      ...(changed.query ? { querystring: changed.query } : {}),
      ...(changed.response ? { response: changed.response } : {}),
    };
    const handler = changed.handler;
    return {
      ...def,
      access: access(action, onRecord),
      tags,
      rateLimit: changed.rateLimit,
      schema,
      ...(handler ? { handler: async (request, reply) => handler(request, reply, await contextOf(request, onRecord)) } : {}),
    };
  };

  const routes: Record<ResourceAction, RouteDef> = {
    list: declaredRoute(
      'list',
      route({
        method: 'GET',
        url: base,
        access: 'signedIn',
        summary: summary(
          'list',
          `The ${name} (paged, sortable${resource.search?.length ? ', searchable' : ''}${resource.filters?.length ? ', filterable' : ''})`,
        ),
        schema: { ...listParams, querystring: listQueryOf(resource), response: { 200: listSchemaOf(resource) } },
        async handler(request) {
          const context = await contextOf(request);
          const page = await repository.list(context.deps.db, context.parentId, request.query as Parameters<ResourceRepository['list']>[2], context);
          return { ...page, data: await readAll(page.data, context) };
        },
      }),
    ),
    create: declaredRoute(
      'create',
      route({
        method: 'POST',
        url: base,
        access: 'signedIn',
        summary: summary('create', `Create one of the ${name}`),
        schema: { ...listParams, body: createSchemaOf(resource), response: { 201: record } },
        async handler(request, reply) {
          const context = await contextOf(request);
          const body = request.body as Record<string, unknown>;
          await checkChosenReferences(context.deps.db, resource, request.access?.accountId, body);
          const values = behaviour.beforeCreate ? await behaviour.beforeCreate(context, body) : body;
          const created = await found(context, await repository.insert(context.deps.db, context.parentId, values));
          await behaviour.afterWrite?.(context, 'create', created);
          return reply.status(201).send(await read(created, context));
        },
      }),
    ),
    show: declaredRoute(
      'show',
      route({
        method: 'GET',
        url: oneUrl,
        access: 'signedIn',
        summary: summary('show', `One of the ${name}`),
        schema: { params: oneParams, response: { 200: record } },
        async handler(request) {
          return (await contextOf(request, true)).answer(idOf(request.params));
        },
      }),
      true,
    ),
    edit: declaredRoute(
      'edit',
      route({
        method: 'PUT',
        url: oneUrl,
        access: 'signedIn',
        summary: summary('edit', `Save one of the ${name} (every field; takes back what GET answered)`),
        schema: { params: oneParams, body: updateSchemaOf(resource), response: { 200: record } },
        async handler(request) {
          const context = await contextOf(request, true);
          const id = idOf(request.params);
          // A PUT saves every field: one left out (a cleared optional number) is cleared.
          const body = request.body as Record<string, unknown>;
          const given = Object.fromEntries(fieldNames.map((key) => [key, body[key] ?? null]));
          const previous = await found(context, id);
          await checkChosenReferences(context.deps.db, resource, request.access?.accountId, given);
          const values = behaviour.beforeUpdate ? await behaviour.beforeUpdate(context, given, previous, body) : given;
          if (!(await repository.update(context.deps.db, context.parentId, id, values))) throw missing();
          const saved = await found(context, id);
          await behaviour.afterWrite?.(context, 'edit', saved, previous);
          return read(saved, context);
        },
      }),
      true,
    ),
    delete: declaredRoute(
      'delete',
      route({
        method: 'DELETE',
        url: oneUrl,
        access: 'signedIn',
        summary: summary('delete', `Delete one of the ${name}; answers the record as it was`),
        schema: { params: oneParams, response: { 200: record } },
        async handler(request) {
          const context = await contextOf(request, true);
          const id = idOf(request.params);
          const gone = await found(context, id);
          await behaviour.beforeDelete?.(context, gone);
          if (!(await repository.remove(context.deps.db, context.parentId, id))) throw missing();
          await behaviour.afterWrite?.(context, 'delete', gone);
          return read(gone, context);
        },
      }),
      true,
    ),
  };
  return [...actionsOf(resource).map((action) => routes[action]), ...recordActionRoutes()];

  /** Each record action's route, and its bulk route where it has one. */
  function recordActionRoutes(): RouteDef[] {
    return Object.entries(resource.recordActions ?? {}).flatMap(([action, declared]) => {
      /** The values an action writes to one record: its declared `set`, as the hook answers it (or refuses). */
      const valuesFor = async (context: ResourceContext, row: Row) => {
        const values = { ...declared.set };
        return behaviour.beforeAction ? behaviour.beforeAction(context, action, row, values) : values;
      };
      const segment = declared.path ?? action;
      const one = declaredRoute(
        action,
        route({
          method: declared.method ?? 'POST',
          url: `${oneUrl}/${segment}`,
          access: 'signedIn',
          summary: summary(action, `${action} one of the ${name}`),
          schema: { params: oneParams, response: { 200: record } },
          async handler(request) {
            const context = await contextOf(request, true);
            const id = idOf(request.params);
            const previous = await found(context, id);
            const values = await valuesFor(context, previous);
            if (!(await repository.update(context.deps.db, context.parentId, id, values))) throw missing();
            const saved = await found(context, id);
            await behaviour.afterWrite?.(context, action, saved, previous);
            return read(saved, context);
          },
        }),
        true,
      );
      if (!declared.bulk) return [one];
      const bulkLayer = layer(action).bulk ?? {};
      const bulk = declaredRoute(
        action,
        route({
          method: 'POST',
          url: `${base}/${segment}`,
          access: 'signedIn',
          summary: bulkLayer.summary ?? `${action} several of the ${name} (all or none)`,
          schema: { ...listParams, body: bulkActionSchema, response: { 200: bulkActionSchema } },
          async handler(request) {
            const context = await contextOf(request);
            const ids = [...new Set(request.body.ids)];
            // Every record is checked (and its hook asked) before any is written: one refusal writes none.
            const writes = await Promise.all(ids.map(async (id) => ({ id, values: await valuesFor(context, await found(context, id)) })));
            await updateRecords(context.deps.db, resource, context.parentId, writes).catch((error: unknown) => {
              throw error instanceof RecordGone ? missing() : error;
            });
            if (behaviour.afterWrite) for (const id of ids) await behaviour.afterWrite(context, action, await found(context, id));
            return { ids };
          },
        }),
        false,
        bulkLayer,
      );
      return [one, bulk];
    });
  }
}

/** Every declared resource's routes, each with its behaviour where it has one. */
export const declaredRoutes = (resources: readonly AnyResource[], behaviours: Readonly<Record<string, ResourceBehaviour>> = {}): RouteDef[] =>
  resources.flatMap((resource) => resourceRoutes(resource, behaviours[resource.name]));
