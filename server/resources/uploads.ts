import type { FastifyRequest } from 'fastify';
import {
  accountUploadsQuery,
  bulkIdsBody,
  bulkResultSchema,
  bulkTagsBody,
  posterBody,
  tagsBody,
  uploadListSchema,
  type AccountUploadsQuery,
} from '#shared/domain/schemas/uploads';
import { emptyAnswer } from '../routes/answers';
import { findUpload, listAccountUploads, uploadDetail } from '../services/uploadReview';
import { bulkAddTags, bulkChangeState, changeUploadState, deleteUpload, setUploadTags, type StateActionName } from '../services/uploadActions';
import { hideCopies } from '../services/hideCopies';
import { choosePoster } from '../services/uploadPoster';
import type { Deps } from '../deps';
import type { User } from '../db/types';
import { defineBehaviour, type ResourceContext, type RouteLayer } from './behaviour';

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
const idsOf = (request: FastifyRequest) => (request.body as { ids: string[] }).ids;

/** An action on one upload, answered with the upload as the content dialog shows it (Fan and Platform Uploads alike). */
export const onUpload =
  (change: (deps: Deps, id: string, caller: User, request: FastifyRequest) => Promise<void>) =>
  async (request: FastifyRequest, _reply: unknown, { deps, actor }: ResourceContext) => {
    await change(deps, idOf(request), actor, request);
    return uploadDetail(deps, await findUpload(deps, idOf(request)), actor);
  };

/** A review state change (approve, hide, show), on one upload and on many of the account's (all or none). */
const stateChange = (state: StateActionName, one: string, many: string): RouteLayer => ({
  summary: one,
  handler: onUpload((deps, id, caller) => changeUploadState(deps, id, state, caller)),
  bulk: {
    summary: many,
    body: bulkIdsBody,
    response: { 200: bulkResultSchema },
    handler: async (request, _reply, { deps, parentId, actor }) => ({ ids: await bulkChangeState(deps, parentId, idsOf(request), state, actor) }),
  },
});

/**
 * The account's uploads with their review counts (filters are a plan feature); one upload with its
 * fan's data and history; review changes that keep their rules (approval only of what waits for
 * it, tags a plan feature) and deletion with the files.
 */
export const uploadsBehaviour = defineBehaviour({
  repository: {
    list: (_db, parentId, query, { deps, actor }) => listAccountUploads(deps, parentId, query as AccountUploadsQuery, actor),
  },
  notFound: 'app.server.notFound.upload',
  routes: {
    list: {
      summary:
        "The account's uploads, 48 a page: filters status, pageId, startDate, endDate (YYYY-MM-DD), tag, type, venue, song, artist; sort createdAt, viewCount or likeCount. " +
        'Filters are a plan feature (402 upload-filter upgrade on Free; status=requires-approval is not a filter). requiresApprovalCount: uploads waiting for approval, whatever the filters, counted up to 1,000 (the console shows 1,000+).',
      query: accountUploadsQuery,
      response: { 200: uploadListSchema },
    },
    show: {
      summary: 'One upload (as GET /api/accounts/{id}/videos/{videoId}), for the account that owns it or a platform admin',
      handler: async (request, _reply, { deps, actor }) => uploadDetail(deps, await findUpload(deps, idOf(request)), actor),
    },
    delete: {
      summary: 'Delete an upload: irreversible, its files go from storage too',
      response: { 204: emptyAnswer('Deleted, with its files') },
      async handler(request, reply, { deps }) {
        await deleteUpload(deps, idOf(request), request.log);
        return reply.status(204).send();
      },
    },
    approve: stateChange(
      'approve',
      'Approve an upload waiting for approval (processed, on a page requiring approval); 409 otherwise',
      "Approve many uploads of the account at once (those waiting for approval); all ids must be the account's or nothing changes",
    ),
    hide: stateChange('hide', 'Hide an upload from every public place; 409 when already hidden', 'Hide many uploads of the account at once; all or nothing'),
    'hide-copies': {
      summary:
        "Hide the copies of an upload's footage: every later upload recorded as a possible duplicate of it (or of the upload it copies), with the hide's rules; 409 when none is visible",
      handler: onUpload(async (deps, id, caller) => void (await hideCopies(deps, id, caller))),
    },
    unhide: stateChange('show', 'Show a hidden upload again; 409 when not hidden', 'Show many hidden uploads of the account at once; all or nothing'),
    tag: {
      summary: "The upload's tags become {tags} (each at most 20 characters); tagging is a plan feature (402 on Free)",
      body: tagsBody,
      handler: onUpload((deps, id, caller, request) => setUploadTags(deps, id, (request.body as { tags: string[] }).tags, caller)),
      bulk: {
        summary: 'Add {tags} to each of {ids}, uploads of the account; all or nothing',
        body: bulkTagsBody,
        response: { 200: bulkResultSchema },
        handler: async (request, _reply, { deps, parentId, actor }) => ({
          ids: await bulkAddTags(deps, parentId, idsOf(request), (request.body as { tags: string[] }).tags, actor),
        }),
      },
    },
    poster: {
      summary:
        "The clip's thumbnail becomes its poster candidate {index} (best first, as posterCandidates lists them); 400 when it has no such candidate. A custom thumbnail still shows instead.",
      body: posterBody,
      handler: onUpload((deps, id, caller, request) => choosePoster(deps, id, (request.body as { index: number }).index, caller)),
    },
  },
});
