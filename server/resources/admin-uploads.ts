import { platformUploadsQuery, uploadListSchema, type PlatformUploadsQuery } from '#shared/domain/schemas/uploads';
import { SUSPECTED_SPAM_STATUS } from '#shared/domain/suspectedSpam';
import { changeUploadState } from '../services/uploadActions';
import { listUploadCards } from '../services/uploadReview';
import { allowSuspectedSpam, listSuspectedSpam } from '../services/suspectedSpam';
import { defineBehaviour } from './behaviour';
import { onUpload } from './uploads';

/** Every account's uploads, or the held suspected spam, newest first; allowing flagged content or a held submission makes it an upload like any other. */
export const adminUploadsBehaviour = defineBehaviour({
  repository: {
    list: (_db, _parent, query, { deps }) => {
      const { status, ...rest } = query as PlatformUploadsQuery;
      return status === SUSPECTED_SPAM_STATUS ? listSuspectedSpam(deps, query as PlatformUploadsQuery) : listUploadCards(deps, { ...rest, status });
    },
  },
  routes: {
    list: {
      summary:
        'Uploads of every account, 48 a page, with the account name on each: filters accountId, status (content-flagged included; ' +
        'suspected-spam lists the held submissions that filled the honeypot, newest first, each with suspectedSpam: true), startDate, endDate, type; sort createdAt, viewCount, likeCount',
      query: platformUploadsQuery,
      response: { 200: uploadListSchema },
    },
    'moderation-approve': {
      summary: 'Allow an upload that automated moderation flagged (409 when it is not flagged)',
      handler: onUpload((deps, id, caller) => changeUploadState(deps, id, 'allow', caller)),
    },
    'spam-allow': {
      summary:
        'Allow a suspected-spam submission (it filled the honeypot): it becomes a normal upload, processed, counted and announced ' +
        'as any other; answers the upload. 404 when no such held submission exists (allowed already, or purged after 7 days)',
      handler: onUpload(allowSuspectedSpam),
    },
  },
});
