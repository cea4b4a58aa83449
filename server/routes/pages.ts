import { idParam } from '#shared/domain/schemas/common';
import { z } from 'zod';
import { newPageDefaultsSchema, newPageSchema, pageAnswerSchema, pageListSchema, pageLookupSchema, pageUpdateBody, pagesQuery } from '#shared/domain/schemas/page';
import { DEFAULT_MARKETING_CONSENT } from '#shared/domain/constants';
import { accountSlugOf, changePageStatus, createPage, DEFAULT_PAGE_TITLE, findPage, listPages, pageDto, updatePage } from '../services/pages';
import { accessTo, route, type RouteDef } from './define';
import { pageLookup } from '../db/repositories/pages';

const tags = ['pages'];
const access = accessTo('pages');
const onPage = accessTo('pages', { from: 'record', table: 'pages', param: 'id' });

async function answer(request: { server: { deps: { db: Parameters<typeof findPage>[0]; config: { baseUrl: string } } } }, pageId: string) {
  const { db, config } = request.server.deps;
  const page = await findPage(db, pageId);
  return pageDto(page, await accountSlugOf(db, page.accountId), config.baseUrl);
}

function statusRoute(action: 'enable' | 'disable' | 'archive', summary: string): RouteDef {
  return route({
    method: 'POST',
    url: `/api/pages/:id/${action}`,
    access: onPage('edit'),
    summary,
    tags,
    schema: { params: idParam, response: { 200: pageAnswerSchema } },
    async handler(request) {
      const { db } = request.server.deps;
      await changePageStatus(db, await findPage(db, request.params.id), action, request.auth!.user);
      return answer(request, request.params.id);
    },
  });
}

export const pageRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/accounts/:id/pages',
    access: access('list'),
    summary: "The account's pages with their public addresses (paged, sortable, searchable by name, filterable by status)",
    tags,
    schema: { params: idParam, querystring: pagesQuery, response: { 200: pageListSchema } },
    async handler(request) {
      const { db, config } = request.server.deps;
      const { rows, total } = await listPages(db, request.params.id, request.query);
      const slug = await accountSlugOf(db, request.params.id);
      return { data: rows.map((page) => pageDto(page, slug, config.baseUrl)), total };
    },
  }),
  route({
    method: 'GET',
    url: '/api/accounts/:id/pages/lookup',
    access: access('list'),
    summary: 'Every page of the account as {id, name}, for pickers and filters (cached briefly)',
    tags,
    schema: { params: idParam, response: { 200: pageLookupSchema } },
    async handler(request, reply) {
      const rows = await pageLookup(request.server.deps.db, request.params.id);
      reply.header('cache-control', 'private, max-age=30');
      return rows;
    },
  }),
  route({
    method: 'POST',
    url: '/api/accounts/:id/pages',
    access: access('create'),
    summary: 'Create a page from a name, or clone an existing page of the account (fresh slug, not enabled)',
    tags,
    schema: { params: idParam, body: newPageSchema, response: { 201: pageAnswerSchema } },
    async handler(request, reply) {
      const page = await createPage(request.server.deps.db, request.params.id, request.body.name, request.body.clonePageId);
      return reply.status(201).send(await answer(request, page.id));
    },
  }),
  route({
    method: 'GET',
    url: '/api/pages/new',
    access: { resource: 'pages', action: 'create', account: { from: 'current' } },
    summary: 'The defaults of a new page',
    tags,
    schema: { response: { 200: newPageDefaultsSchema } },
    async handler() {
      return { title: DEFAULT_PAGE_TITLE, marketingConsent: DEFAULT_MARKETING_CONSENT, captureEmail: true, captureName: true, allowSubmissions: true, customTerms: [] };
    },
  }),
  route({
    method: 'GET',
    url: '/api/pages/:id',
    access: onPage('show'),
    summary: 'One page with every setting',
    tags,
    schema: { params: idParam, response: { 200: pageAnswerSchema } },
    async handler(request) {
      return answer(request, request.params.id);
    },
  }),
  route({
    method: 'PUT',
    url: '/api/pages/:id',
    access: onPage('edit'),
    summary: 'Save every setting of a page; country capture is forced on with city/state or phone capture',
    tags,
    schema: { params: idParam, body: pageUpdateBody, response: { 200: pageAnswerSchema } },
    async handler(request) {
      const { deps } = request.server;
      await updatePage(deps, await findPage(deps.db, request.params.id), request.body, request.auth!.user);
      return answer(request, request.params.id);
    },
  }),
  route({
    method: 'POST',
    url: '/api/pages/:id/clone',
    access: onPage('create'),
    summary: 'Copy a page with every setting and list; the copy has a fresh slug and is not enabled',
    tags,
    schema: { params: idParam, body: z.object({ name: newPageSchema.shape.name.optional() }).strict(), response: { 201: pageAnswerSchema } },
    async handler(request, reply) {
      const { db } = request.server.deps;
      const original = await findPage(db, request.params.id);
      const copy = await createPage(db, original.accountId, request.body.name ?? `${original.name} (copy)`.slice(0, 100), original.id);
      return reply.status(201).send(await answer(request, copy.id));
    },
  }),
  statusRoute('enable', 'Enable a page (within the plan’s active pages)'),
  statusRoute('disable', 'Disable an enabled page'),
  statusRoute('archive', 'Archive a page'),
];
