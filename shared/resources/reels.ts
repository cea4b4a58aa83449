import { z } from 'zod';
import { defineResource } from './define';
import { optionalReferenceId, requiredText } from '../domain/schemas/common';
import { pages } from './pages';
import { REEL_STATUSES, reelClipsField } from '../domain/reels';

/** Signed addresses of a finished reel's three shapes (null until its first render is done). */
export const reelUrlsSchema = z.object({ vertical: z.string(), square: z.string(), landscape: z.string() });

/**
 * Highlight reels: an account's approved, shown clips cut into one video in three shapes
 * (1080×1920, 1080×1080, 1920×1080), each clip's best seconds between an opening and a closing
 * card. A reel is created from its clips (checked to be the account's approved videos) and
 * queued for its render; an edit of its clips leaves it out of date and `render` queues it again. Its status and progress are the render job's;
 * a clip hidden, deleted or erased since makes it out of date (server/resources/reels.ts).
 * Reels are a Pro feature.
 */
export const reels = defineResource({
  name: 'reels',
  table: 'reels',
  scope: 'account',
  fields: {
    name: requiredText(100),
    /** The page the reel is of, if any (one of the account's). */
    pageId: optionalReferenceId(),
    clips: reelClipsField,
    /** The fan's handle, where they gave one, shown while their clip plays. */
    credits: z.boolean({ error: 'app.validation.invalid' }).optional(),
    status: z.enum(REEL_STATUSES),
    progress: z.number().int().min(0).max(100),
    error: z.string(),
    /** The rendered reel's length in seconds. */
    duration: z.number(),
    verticalKey: z.string(),
    squareKey: z.string(),
    landscapeKey: z.string(),
    /** The secret of its public share address, given by `share` (a new one each time) and taken back by `unshare`. */
    shareToken: z.string(),
    /** Shown on its page's wall, above the fans' uploads, while it has outputs. */
    onWall: z.boolean(),
  },
  // Chosen among the account's pages by name in the console; the answer embeds its name.
  references: { page: { resource: pages, column: 'pageId', fields: ['name'] } },
  readOnly: ['status', 'progress', 'error', 'duration', 'verticalKey', 'squareKey', 'landscapeKey', 'shareToken', 'onWall'],
  // Signed per request by the reel's list and show (a signature needs the file store), never stored.
  derived: {
    urls: { schema: reelUrlsSchema.nullable(), from: (record: { urls?: unknown }) => record.urls ?? null },
    /** The public page that plays it to anyone with the address, while shared. */
    shareUrl: {
      schema: z.string().nullable(),
      from: (record: { shareToken?: string | null }, site) => (record.shareToken ? `${site.baseUrl}/r/${record.shareToken}` : null),
    },
  },
  // An edit re-cuts or re-orders the clips: the reel is out of date until rendered again.
  actions: ['list', 'show', 'create', 'edit', 'delete'],
  // share gives it a new secret address (the old one stops working); unshare takes it back.
  // show-on-wall puts a reel of one page on that page's wall; hide-from-wall takes it off.
  recordActions: { render: {}, share: {}, unshare: { set: { shareToken: null } }, 'show-on-wall': {}, 'hide-from-wall': { set: { onWall: false } } },
  sorts: ['name', 'createdAt'],
  defaultSort: 'createdAt',
  filters: ['status'],
  search: ['name'],
  // Who reviews uploads makes reels of them; read-only members watch them.
  access: {
    list: 'readonly',
    show: 'readonly',
    create: 'user',
    edit: 'user',
    delete: 'user',
    render: 'user',
    share: 'user',
    unshare: 'user',
    'show-on-wall': 'user',
    'hide-from-wall': 'user',
  },
  listFields: ['name', 'status', 'progress', 'createdAt'],
  // Made from Fan Uploads' selection, so no create form; the reel's page is its edit view.
  views: ['list', 'edit'],
  menu: 'main',
});
