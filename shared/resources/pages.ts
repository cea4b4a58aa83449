import { z } from 'zod';
import { defineResource } from './define';
import { PERMISSIONS } from '../domain/permissions';
import { PAGE_STATUSES, pageAnswerSchema, pageSchema } from '../domain/schemas/page';
import { screenAddress } from '../domain/venueScreen';

// The temporary files a save promotes are the form's, not the page's columns.
const { imageTmp: _imageTmp, adImageTmp: _adImageTmp, ...settings } = pageSchema.shape;

/** A page's public address (/p/{account}/{page}), its account's slug embedded on read. */
const address = (page: { slug: string; account: { slug: string } }, baseUrl: string) => `${baseUrl}/p/${page.account.slug}/${page.slug}`;

/**
 * The account's capture pages (console.md: Your Pages, Page edit): listed under the account,
 * each then reached by its own id (/api/pages/:id), answered with its public addresses. A page
 * is created from a name or as a copy of another, gets a unique slug, and moves between
 * statuses only by its actions (enable within the plan's active pages, disable, archive);
 * saving checks the plan's features and promotes new images (server/resources/pages.ts).
 */
export const pages = defineResource({
  name: 'pages',
  table: 'pages',
  scope: 'account',
  recordPath: 'pages/:id',
  fields: {
    ...settings,
    status: z.enum(PAGE_STATUSES),
    likingStatus: z.string(),
    maxVideoSeconds: z.number().int().nullable(),
    autoApprove: z.boolean(),
    screenToken: z.string().nullable(),
  },
  readOnly: ['status', 'likingStatus', 'maxVideoSeconds', 'screenToken'],
  references: { account: { table: 'accounts', column: 'accountId', fields: ['slug'], answer: z.object({ id: z.string(), slug: z.string() }) } },
  derived: {
    address: { schema: z.string(), from: (page, site) => address(page, site.baseUrl) },
    mobileAddress: { schema: z.string(), from: (page, site) => `${address(page, site.baseUrl)}?mobile=1` },
    screenAddress: {
      schema: z.string().nullable(),
      from: (page, site) => (page.screenToken ? screenAddress(address(page, site.baseUrl), page.screenToken) : null),
    },
  },
  answer: pageAnswerSchema,
  actions: ['list', 'show', 'create', 'edit'],
  recordActions: {
    enable: { set: { status: 'enabled' } },
    disable: { set: { status: 'disabled' } },
    archive: { set: { status: 'archived' } },
    clone: {},
    'rotate-screen-token': {},
  },
  sorts: ['name', 'slug', 'status', 'createdAt'],
  caseless: ['name'],
  defaultSort: 'createdAt',
  filters: ['status'],
  search: ['name'],
  access: PERMISSIONS.pages,
  views: ['list', 'edit'],
  menu: 'main',
  menuOrder: 4,
  menuLabel: 'app.nav.pages',
});
