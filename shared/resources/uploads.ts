import { z } from 'zod';
import { accountParent, defineResource } from './define';
import { PERMISSIONS } from '../domain/permissions';
import { UPLOAD_TYPES } from '../domain/constants';
import { uploadDetailSchema } from '../domain/schemas/uploads';

/** An upload's own columns both upload declarations read; their answer is the content dialog's. */
export const uploadFields = {
  pageId: z.string(),
  type: z.enum(UPLOAD_TYPES),
  status: z.string(),
};

/**
 * Fan Uploads (console.md: the account's uploads, reviewed by its staff): listed at the spec's
 * /api/accounts/:id/videos, each then reached by its own id at /api/upload-videos/:id, where it is
 * approved, hidden, shown again, tagged and deleted, one or many at a time
 * (server/resources/uploads.ts). The staff Like, the zip of originals and a bulk delete keep
 * routes of their own (server/routes/uploads.ts), whose rules the row holds.
 */
export const uploads = defineResource({
  name: 'uploads',
  table: 'uploads',
  scope: 'account',
  parent: accountParent('videos'),
  param: 'videoId',
  recordPath: 'upload-videos/:id',
  fields: uploadFields,
  readOnly: ['pageId', 'type', 'status'],
  answer: uploadDetailSchema,
  actions: ['list', 'show', 'delete'],
  recordActions: {
    approve: { bulk: true },
    hide: { path: 'hidden', bulk: true },
    unhide: { path: 'show', bulk: true },
    'hide-copies': {},
    tag: { path: 'tags', bulk: true },
    poster: {},
  },
  sorts: ['createdAt'],
  extraSorts: ['viewCount', 'likeCount'],
  defaultSort: 'createdAt',
  routeRules: ['download', 'edit', 'like'],
  access: PERMISSIONS.uploads,
  views: ['list'],
  menu: 'main',
  menuOrder: 2,
  menuLabel: 'app.nav.uploads',
});
