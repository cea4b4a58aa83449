import { z } from 'zod';
import { defineResource } from './define';
import { PERMISSIONS } from '../domain/permissions';
import { fanDataRowSchema, submittedFieldsSchema } from '../domain/schemas/fanData';

/**
 * Fan Data (console.md sections 2, 3, 5, 7): the account's submissions as a table at /data,
 * read only. Its list takes the spec's query (`fanDataQuery`: its filters are a plan feature)
 * and answers rows with their upload's views and likes (server/resources/data.ts). The CSV
 * export and a fan's lookup and erasure stay hand-made routes (server/routes/fanData.ts) under
 * the same access row, whose rules for them `routeRules` names.
 */
export const fanData = defineResource({
  name: 'data',
  table: 'submissions',
  scope: 'account',
  // What a fan typed, the page it was typed on and the consent: the table's own columns.
  fields: { ...submittedFieldsSchema.shape, pageId: z.string(), marketingConsent: z.boolean() },
  recordFields: ['id', 'createdAt'],
  answer: fanDataRowSchema,
  actions: ['list'],
  // fanDataQuery's sorts; a name sorts by last then first name. Its filters are that query's too.
  sorts: ['createdAt', 'email', 'country', 'venueCity', 'song', 'artist', 'marketingConsent'],
  extraSorts: ['name'],
  defaultSort: 'createdAt',
  access: PERMISSIONS.data,
  routeRules: ['export', 'erase'],
  views: ['list'],
  menu: 'main',
  menuOrder: 3,
  menuLabel: 'app.nav.data',
});
