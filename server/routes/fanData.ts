import { idParam } from '#shared/domain/schemas/common';
import { fanDataExportQuery, fanEmailQuery, fanEraseBody, fanErasureLogSchema, fanErasureSchema, fanLookupSchema } from '#shared/domain/schemas/fanData';
import { exportFanData } from '../services/fanDataExport';
import { eraseFan, fanErasureLog, findFan } from '../services/fanErasure';
import { accessTo, answerOfPathId, taggedRoute, type RouteDef } from './define';
import { contentAnswer } from './answers';

/**
 * Fan Data's routes beside its declared list (shared/resources/data.ts, GET /api/accounts/:id/data;
 * spec console.md sections 2, 3, 5, 7): the CSV export and a fan's lookup and erasure, guarded by
 * the rules its access row names as `routeRules`. They share the list's OpenAPI tag, its name.
 */
const route = taggedRoute('data');
const access = accessTo('data');

export const fanDataRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/accounts/:id/export-submissions',
    access: access('export'),
    summary: 'The filtered fan data as CSV (same filters and sort as /data, every row), streamed; each export is recorded',
    schema: { params: idParam, querystring: fanDataExportQuery, response: { 200: contentAnswer('The fan data as CSV, a header row first', 'text/csv') } },
    async handler(request, reply) {
      const { fileName, stream } = await exportFanData(request.server.deps, request.params.id, request.query, request.auth!.user, request.log);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(stream);
    },
  }),
  route({
    method: 'GET',
    url: '/api/accounts/:id/fans',
    access: access('erase'),
    summary: 'Everything the account holds about one fan, by ?email= (account admins)',
    schema: { params: idParam, querystring: fanEmailQuery, response: { 200: fanLookupSchema } },
    async handler(request) {
      return findFan(request.server.deps, request.params.id, request.query.email);
    },
  }),
  route({
    method: 'POST',
    url: '/api/accounts/:id/fans/erase',
    access: access('erase'),
    summary:
      "Erase one fan's data by {email}: submissions, consents, uploads and their files, in one transaction; only the fact and time of the erasure remain",
    schema: { params: idParam, body: fanEraseBody, response: { 200: fanErasureSchema } },
    async handler(request) {
      return eraseFan(request.server.deps, request.params.id, request.body.email, request.auth!.user, request.log);
    },
  }),
  route({
    method: 'GET',
    url: '/api/accounts/:id/fan-erasures',
    access: access('erase'),
    summary: 'The erasure log (account admins): the last 20 erasures, each with its date and who made it; never whose data it was',
    schema: { params: idParam, response: { 200: fanErasureLogSchema } },
    handler: answerOfPathId(fanErasureLog),
  }),
];
