import { defineResource } from './define';
import { PERMISSIONS } from '../domain/permissions';
import { ADMIN_USER_SORTS, adminUserAnswerSchema, adminUserRowSchema } from '../domain/schemas/adminUsers';

const { id: _id, name: _name, createdAt: _createdAt, ...userColumns } = adminUserRowSchema.shape;

/**
 * Platform Users (platform-admin.md: every user of the platform, for platform admins): at the
 * spec's /api/users and /api/users/:id, and in the console at /admin/users. New Admin mails a
 * link to choose a password; a changed email is no longer verified; enabling, disabling,
 * verifying, inviting and the avatar are actions on the user (server/resources/admin-users.ts).
 */
export const adminUsers = defineResource({
  name: 'admin/users',
  permission: 'admin-users',
  table: 'users',
  scope: 'platform',
  path: 'users',
  recordPath: 'users/:id',
  // The user's own columns, as the list and the form answer them.
  fields: { ...userColumns, videoProcessedEmails: adminUserAnswerSchema.shape.videoProcessedEmails },
  readOnly: ['emailVerified', 'type', 'status', 'avatar', 'lastLogin'],
  answer: adminUserAnswerSchema,
  actions: ['list', 'show', 'create', 'edit'],
  recordActions: { enable: { set: { status: 'enabled' } }, disable: {}, 'verify-email': {}, 'send-invite': {}, avatar: {} },
  sorts: ADMIN_USER_SORTS.filter((sort) => sort !== 'name') as ['type', 'status', 'lastLogin', 'createdAt'],
  extraSorts: ['name'],
  defaultSort: 'createdAt',
  access: PERMISSIONS['admin-users'],
  views: ['list', 'edit', 'create'],
  title: 'name',
  menu: 'platformAdmin',
  menuOrder: 1,
  menuLabel: 'app.menu.adminUsers',
});
