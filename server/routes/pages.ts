import { idParam } from '#shared/domain/schemas/common';
import { newPageDefaultsSchema, pageLookupSchema } from '#shared/domain/schemas/page';
import { DEFAULT_MARKETING_CONSENT } from '#shared/domain/constants';
import { DEFAULT_PAGE_TITLE } from '../services/pages';
import { accessTo, taggedRoute, type RouteDef } from './define';
import { pageLookup } from '../db/repositories/pages';

const route = taggedRoute('pages');
const access = accessTo('pages');

/** The page routes that are not the declared resource's (shared/resources/pages.ts): a picker's list and a new page's defaults. */
export const pageRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/accounts/:id/pages/lookup',
    access: access('list'),
    summary: 'Every page of the account as {id, name}, for pickers and filters (cached briefly)',
    schema: { params: idParam, response: { 200: pageLookupSchema } },
    async handler(request, reply) {
      const rows = await pageLookup(request.server.deps.db, request.params.id);
      reply.header('cache-control', 'private, max-age=30');
      return rows;
    },
  }),
  route({
    method: 'GET',
    url: '/api/pages/new',
    access: { resource: 'pages', action: 'create', account: { from: 'current' } },
    summary: 'The defaults of a new page',
    schema: { response: { 200: newPageDefaultsSchema } },
    async handler() {
      return {
        title: DEFAULT_PAGE_TITLE,
        marketingConsent: DEFAULT_MARKETING_CONSENT,
        captureEmail: true,
        captureName: true,
        allowSubmissions: true,
        customTerms: [],
      };
    },
  }),
];
