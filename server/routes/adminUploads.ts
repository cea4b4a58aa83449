import { idParam } from '../../src/domain/schemas/common';
import { platformVideosQuery, uploadDetailSchema, uploadListSchema } from '../../src/domain/schemas/uploads';
import { changeUploadState } from '../services/uploadActions';
import { findUpload, listPlatformVideos, uploadDetail } from '../services/uploadReview';
import { route, type RouteDef } from './define';

/** Platform Uploads (platform-admin.md sections 2, 6, 7): every account's uploads; allowing flagged content. */
const tags = ['platform uploads'];

export const adminUploadRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/upload-videos',
    access: { resource: 'admin-uploads', action: 'list' },
    summary:
      'Uploads of every account, 48 a page, with the account name on each: filters accountId, status (content-flagged included), startDate, endDate, type; sort createdAt, viewCount, likeCount',
    tags,
    schema: { querystring: platformVideosQuery, response: { 200: uploadListSchema } },
    async handler(request) {
      return listPlatformVideos(request.server.deps, request.query);
    },
  }),
  route({
    method: 'POST',
    url: '/api/upload-videos/:id/moderation-approve',
    access: { resource: 'admin-uploads', action: 'moderation-approve' },
    summary: 'Allow an upload that automated moderation flagged (409 when it is not flagged)',
    tags,
    schema: { params: idParam, response: { 200: uploadDetailSchema } },
    async handler(request) {
      const { deps } = request.server;
      await changeUploadState(deps, request.params.id, 'allow', request.auth!.user);
      return uploadDetail(deps, await findUpload(deps, request.params.id), request.auth!.user);
    },
  }),
];
