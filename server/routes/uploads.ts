import { bulkIdsBody, bulkResultSchema, uploadDetailSchema, videoParams, zipQuery } from '#shared/domain/schemas/uploads';
import { idParam } from '#shared/domain/schemas/common';
import { notFound } from '../errors';
import { accountSlug } from '../db/repositories/accounts';
import { findUpload, uploadDetail } from '../services/uploadReview';
import { bulkDelete } from '../services/uploadActions';
import { zipOfUploads } from '../services/uploadZip';
import { toggleStaffLike } from '../services/uploadLikes';
import { likeResultSchema } from '#shared/domain/schemas/wall';
import { accessTo, taggedRoute, type RouteDef } from './define';
import { contentAnswer } from './answers';

/**
 * The Fan Uploads routes that are not the declared resource's (shared/resources/uploads.ts): one
 * upload read under its account (Fan Data's player), the staff Like, a bulk delete and the zip of
 * originals.
 */
const route = taggedRoute('uploads');
const onAccount = accessTo('uploads');

export const uploadRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/accounts/:id/videos/:videoId',
    access: onAccount('show'),
    summary: "One upload for the content dialog: the card, the fan's submitted data, the consent given and the history",
    schema: { params: videoParams, response: { 200: uploadDetailSchema } },
    async handler(request) {
      const { deps } = request.server;
      const row = await findUpload(deps, request.params.videoId);
      if (row.accountId !== request.params.id) throw notFound('upload');
      return uploadDetail(deps, row, request.auth!.user);
    },
  }),
  route({
    method: 'POST',
    url: '/api/accounts/:id/videos/:videoId/like',
    access: onAccount('like'),
    summary:
      "The signed-in member's Like in the content dialog, toggled: one like per staff user, counted in the upload's likeCount as a fan's like. " +
      '409 when the page has liking turned off; 403 for platform admins (the console shows them no Like)',
    schema: { params: videoParams, response: { 200: likeResultSchema } },
    async handler(request) {
      return toggleStaffLike(request.server.deps, request.params.id, request.params.videoId, request.auth!.user);
    },
  }),
  route({
    method: 'POST',
    url: '/api/accounts/:id/videos/delete',
    access: onAccount('delete'),
    summary: 'Delete many uploads of the account at once, files included; all or nothing',
    schema: { params: idParam, body: bulkIdsBody, response: { 200: bulkResultSchema } },
    async handler(request) {
      return { ids: await bulkDelete(request.server.deps, request.params.id, request.body.ids, request.log) };
    },
  }),
  route({
    method: 'GET',
    url: '/api/accounts/:id/download-videos',
    access: onAccount('download'),
    summary: 'One zip of the original files of ?ids=a,b,c (at most 100 uploads of the account), streamed',
    schema: { params: idParam, querystring: zipQuery, response: { 200: contentAnswer('A zip of the original files', 'application/zip') } },
    async handler(request, reply) {
      const { deps } = request.server;
      const stream = await zipOfUploads(deps, request.params.id, request.query.ids);
      const name = `${await accountSlug(deps.db, request.params.id)}-uploads-${new Date().toISOString().slice(0, 10)}.zip`;
      return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${name}"`).send(stream);
    },
  }),
];
