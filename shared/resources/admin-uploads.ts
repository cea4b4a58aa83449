import { defineResource } from './define';
import { uploadFields } from './uploads';
import { PERMISSIONS } from '../domain/permissions';
import { uploadDetailSchema } from '../domain/schemas/uploads';

/**
 * Platform Uploads (platform-admin.md: every account's uploads, for platform admins): listed at
 * the spec's /api/upload-videos with each account's name; flagged content and held suspected
 * spam are allowed by actions on the upload (server/resources/admin-uploads.ts). An upload is
 * read, edited and deleted through the account's own upload routes, whose rules its row holds.
 */
export const adminUploads = defineResource({
  name: 'admin/uploads',
  permission: 'admin-uploads',
  table: 'uploads',
  scope: 'platform',
  path: 'upload-videos',
  recordPath: 'upload-videos/:id',
  fields: uploadFields,
  readOnly: ['pageId', 'type', 'status'],
  answer: uploadDetailSchema,
  actions: ['list'],
  recordActions: { 'moderation-approve': {}, 'spam-allow': {} },
  sorts: ['createdAt'],
  extraSorts: ['viewCount', 'likeCount'],
  defaultSort: 'createdAt',
  routeRules: ['show', 'edit', 'delete'],
  access: PERMISSIONS['admin-uploads'],
  views: ['list'],
  menu: 'platformAdmin',
  menuLabel: 'app.menu.adminUploads',
});
