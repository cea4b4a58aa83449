import { platformVideosQuery, uploadListSchema } from '#shared/domain/schemas/uploads';
import { changeUploadState } from '../services/uploadActions';
import { listPlatformVideos } from '../services/uploadReview';
import { allowSuspectedSpam, listSuspectedSpam } from '../services/suspectedSpam';
import { SUSPECTED_SPAM_STATUS } from '#shared/domain/suspectedSpam';
import { accessTo, route, type RouteDef } from './define';
import { uploadChanges } from './uploads';

/** Platform Uploads (platform-admin.md sections 2, 6, 7): every account's uploads; allowing flagged content and suspected spam. */
const tags = ['platform uploads'];
const access = accessTo('admin-uploads');
const uploadChange = uploadChanges(tags);

export const adminUploadRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/upload-videos',
    access: access('list'),
    summary:
      'Uploads of every account, 48 a page, with the account name on each: filters accountId, status (content-flagged included; ' +
      "suspected-spam lists the held submissions that filled the honeypot, newest first, each with suspectedSpam: true), startDate, endDate, type; sort createdAt, viewCount, likeCount",
    tags,
    schema: { querystring: platformVideosQuery, response: { 200: uploadListSchema } },
    async handler(request) {
      const { status, ...rest } = request.query;
      if (status === SUSPECTED_SPAM_STATUS) return listSuspectedSpam(request.server.deps, request.query);
      return listPlatformVideos(request.server.deps, { ...rest, status });
    },
  }),
  uploadChange('moderation-approve', access('moderation-approve'), 'Allow an upload that automated moderation flagged (409 when it is not flagged)', (deps, id, caller) =>
    changeUploadState(deps, id, 'allow', caller),
  ),
  uploadChange(
    'spam-allow',
    access('spam-allow'),
    'Allow a suspected-spam submission (it filled the honeypot): it becomes a normal upload, processed, counted and announced ' +
      'as any other; answers the upload. 404 when no such held submission exists (allowed already, or purged after 7 days)',
    allowSuspectedSpam,
  ),
];
