import { z } from 'zod';
import { defineResource } from './define';
import { RIGHTS_STATUSES } from '../domain/rights';

/**
 * Rights requests: one row per clip or photo staff asked its fan about, in one mail per fan (their
 * language, their clips, the latest release text, a signed link); the fan grants or declines each
 * clip from that link and may revoke a grant later. Made from the uploads staff select in Fan
 * Uploads ('Request rights'); the fan's answers are kept beside the consent records
 * (server/resources/rights-requests.ts, server/services/rights.ts).
 */
export const rightsRequests = defineResource({
  name: 'rights-requests',
  table: 'rights_requests',
  scope: 'account',
  fields: {
    uploadId: z.string().max(64),
    status: z.enum(RIGHTS_STATUSES),
    /** The fan's language, as recorded at upload: the mail's and the page's. */
    locale: z.string(),
    releaseVersion: z.number().int(),
    expiresAt: z.iso.datetime(),
    answeredAt: z.iso.datetime().optional(),
  },
  readOnly: ['status', 'locale', 'releaseVersion', 'expiresAt', 'answeredAt'],
  actions: ['list', 'show', 'create'],
  sorts: ['createdAt'],
  defaultSort: 'createdAt',
  filters: ['status', 'uploadId'],
  // Users ask; read-only members see the status only.
  access: { list: 'readonly', show: 'readonly', create: 'user' },
  listFields: ['uploadId', 'status', 'releaseVersion', 'createdAt'],
  views: ['list'],
  menu: 'none',
});
