import {
  accountVideosQuery,
  bulkIdsBody,
  bulkResultSchema,
  bulkTagsBody,
  tagsBody,
  uploadDetailSchema,
  uploadListSchema,
  videoParams,
  zipQuery,
} from '#shared/domain/schemas/uploads';
import { idParam } from '#shared/domain/schemas/common';
import type { z } from 'zod';
import type { PermissionAction } from '#shared/domain/permissions';
import type { Deps } from '../deps';
import type { User } from '../db/types';
import { notFound } from '../errors';
import { accountSlug } from '../db/repositories/accounts';
import { listAccountVideos, findUpload, uploadDetail } from '../services/uploadReview';
import { bulkAddTags, bulkChangeState, bulkDelete, changeUploadState, deleteUpload, setUploadTags, type StateActionName } from '../services/uploadActions';
import { zipOfUploads } from '../services/uploadZip';
import { toggleStaffLike } from '../services/uploadLikes';
import { likeResultSchema } from '#shared/domain/schemas/wall';
import { accessTo, route, type AccountLocator, type PermissionAccess, type RouteDef } from './define';
import { contentAnswer, emptyAnswer } from './answers';

/** Fan Uploads (spec console.md sections 2, 4, 7): the account's uploads, one upload's actions, bulk calls. */
const tags = ['fan uploads'];
const uploadRecord: AccountLocator = { from: 'record', table: 'uploads', param: 'id' };
const onAccount = accessTo('uploads');
const onUpload = accessTo('uploads', uploadRecord);

/** A state change of uploads: its path, its action and permission, and what it does to one upload and to many. */
interface StateChange {
  path: string;
  action: StateActionName;
  permission: PermissionAction<'uploads'>;
  one: string;
  many: string;
}

const STATE_CHANGES: StateChange[] = [
  {
    path: 'approve',
    action: 'approve',
    permission: 'approve',
    one: 'Approve an upload waiting for approval (processed, on a page requiring approval); 409 otherwise',
    many: "Approve many uploads of the account at once (those waiting for approval); all ids must be the account's or nothing changes",
  },
  { path: 'hidden', action: 'hide', permission: 'hide', one: 'Hide an upload from every public place; 409 when already hidden', many: 'Hide many uploads of the account at once; all or nothing' },
  { path: 'show', action: 'show', permission: 'unhide', one: 'Show a hidden upload again; 409 when not hidden', many: 'Show many hidden uploads of the account at once; all or nothing' },
];

/**
 * Routes (under `tags`) of POST /api/upload-videos/:id/<path>, where `change` does something to one
 * upload as the caller (with the parsed `body`, when the route takes one) and the answer is the
 * upload as it now is.
 */
export const uploadChanges =
  (tags: string[]) =>
  <B extends z.ZodType = z.ZodType<unknown>>(
    path: string,
    access: PermissionAccess,
    summary: string,
    change: (deps: Deps, id: string, caller: User, body: z.output<B>) => Promise<void>,
    body?: B,
  ): RouteDef =>
    route({
      method: 'POST',
      url: `/api/upload-videos/:id/${path}`,
      access,
      summary,
      tags,
      schema: { params: idParam, ...(body ? { body } : {}), response: { 200: uploadDetailSchema } },
      async handler(request) {
        const { deps } = request.server;
        await change(deps, request.params.id, request.auth!.user, request.body as z.output<B>);
        return uploadDetail(deps, await findUpload(deps, request.params.id), request.auth!.user);
      },
    });
const uploadChange = uploadChanges(tags);

const stateRoute = ({ path, action, permission, one: summary }: StateChange): RouteDef =>
  uploadChange(path, onUpload(permission), summary, (deps, id, caller) => changeUploadState(deps, id, action, caller));

const bulkStateRoute = ({ path, action, permission, many: summary }: StateChange): RouteDef =>
  route({
    method: 'POST',
    url: `/api/accounts/:id/videos/${path}`,
    access: onAccount(permission),
    summary,
    tags,
    schema: { params: idParam, body: bulkIdsBody, response: { 200: bulkResultSchema } },
    async handler(request) {
      return { ids: await bulkChangeState(request.server.deps, request.params.id, request.body.ids, action, request.auth!.user) };
    },
  });

export const uploadRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/accounts/:id/videos',
    access: onAccount('list'),
    summary:
      "The account's uploads, 48 a page: filters status, pageId, startDate, endDate (YYYY-MM-DD), tag, type, venue, song, artist; sort createdAt, viewCount or likeCount. " +
      'Filters are a plan feature (402 upload-filter upgrade on Free; status=requires-approval is not a filter). requiresApprovalCount: uploads waiting for approval, whatever the filters, counted up to 1,000 (the console shows 1,000+).',
    tags,
    schema: { params: idParam, querystring: accountVideosQuery, response: { 200: uploadListSchema } },
    async handler(request) {
      return listAccountVideos(request.server.deps, request.params.id, request.query, request.auth!.user);
    },
  }),
  route({
    method: 'GET',
    url: '/api/accounts/:id/videos/:videoId',
    access: onAccount('show'),
    summary: "One upload for the content dialog: the card, the fan's submitted data, the consent given and the history",
    tags,
    schema: { params: videoParams, response: { 200: uploadDetailSchema } },
    async handler(request) {
      const { deps } = request.server;
      const row = await findUpload(deps, request.params.videoId);
      if (row.accountId !== request.params.id) throw notFound('upload');
      return uploadDetail(deps, row, request.auth!.user);
    },
  }),
  route({
    method: 'GET',
    url: '/api/upload-videos/:id',
    access: onUpload('show'),
    summary: 'One upload (as GET /api/accounts/{id}/videos/{videoId}), for the account that owns it or a platform admin',
    tags,
    schema: { params: idParam, response: { 200: uploadDetailSchema } },
    async handler(request) {
      const { deps } = request.server;
      return uploadDetail(deps, await findUpload(deps, request.params.id), request.auth!.user);
    },
  }),
  route({
    method: 'DELETE',
    url: '/api/upload-videos/:id',
    access: onUpload('delete'),
    summary: 'Delete an upload: irreversible, its files go from storage too',
    tags,
    schema: { params: idParam, response: { 204: emptyAnswer('Deleted, with its files') } },
    async handler(request, reply) {
      await deleteUpload(request.server.deps, request.params.id, request.log);
      return reply.status(204).send();
    },
  }),
  route({
    method: 'POST',
    url: '/api/accounts/:id/videos/:videoId/like',
    access: onAccount('like'),
    summary:
      "The signed-in member's Like in the content dialog, toggled: one like per staff user, counted in the upload's likeCount as a fan's like. " +
      '409 when the page has liking turned off; 403 for platform admins (the console shows them no Like)',
    tags,
    schema: { params: videoParams, response: { 200: likeResultSchema } },
    async handler(request) {
      return toggleStaffLike(request.server.deps, request.params.id, request.params.videoId, request.auth!.user);
    },
  }),
  ...STATE_CHANGES.map(stateRoute),
  uploadChange(
    'tags',
    onUpload('tag'),
    "The upload's tags become {tags} (each at most 20 characters); tagging is a plan feature (402 on Free)",
    (deps, id, caller, body) => setUploadTags(deps, id, body.tags, caller),
    tagsBody,
  ),
  ...STATE_CHANGES.map(bulkStateRoute),
  route({
    method: 'POST',
    url: '/api/accounts/:id/videos/tags',
    access: onAccount('tag'),
    summary: "Add {tags} to each of {ids}, uploads of the account; all or nothing",
    tags,
    schema: { params: idParam, body: bulkTagsBody, response: { 200: bulkResultSchema } },
    async handler(request) {
      return { ids: await bulkAddTags(request.server.deps, request.params.id, request.body.ids, request.body.tags, request.auth!.user) };
    },
  }),
  route({
    method: 'POST',
    url: '/api/accounts/:id/videos/delete',
    access: onAccount('delete'),
    summary: 'Delete many uploads of the account at once, files included; all or nothing',
    tags,
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
    tags,
    schema: { params: idParam, querystring: zipQuery, response: { 200: contentAnswer('A zip of the original files', 'application/zip') } },
    async handler(request, reply) {
      const { deps } = request.server;
      const stream = await zipOfUploads(deps, request.params.id, request.query.ids);
      const name = `${await accountSlug(deps.db, request.params.id)}-uploads-${new Date().toISOString().slice(0, 10)}.zip`;
      return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${name}"`).send(stream);
    },
  }),
];

