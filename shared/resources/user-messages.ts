import { defineResource } from './define';
import { userMessageAnswerSchema, userMessageSchema } from '../domain/schemas/adminUsers';

/**
 * Messages platform admins mail to a user (platform-admin.md: the user form's Messages), kept in
 * the user's history newest first with who sent each. Sending one mails it first; only messages
 * that went out are kept (server/resources/user-messages.ts). Never edited, never deleted.
 */
export const userMessages = defineResource({
  name: 'user-messages',
  table: 'user_messages',
  scope: 'platform',
  parent: { table: 'users', column: 'userId', path: 'users/:id/messages', missing: 'user' },
  actions: ['list', 'create'],
  fields: userMessageSchema.shape,
  references: {
    // The admin who sent it; null once that admin is gone.
    sentBy: { table: 'users', column: 'sentBy', fields: ['firstName', 'lastName'], answer: userMessageAnswerSchema.shape.sentBy.unwrap() },
  },
  recordFields: ['id', 'createdAt'],
  sorts: ['createdAt'],
  defaultSort: 'createdAt',
  pageSize: { default: 20, max: 100 },
  access: { list: 'platformAdmin', create: 'platformAdmin' },
  menu: 'none',
});
