import { reelClipsField, reelRuleSchema } from '#shared/domain/reels';
import { createSchemaOf } from '#shared/resources/define';
import { reels } from '#shared/resources/reels';
import type { FastifyRequest } from 'fastify';
import {
  createReel,
  deleteReelAndFiles,
  queueReelRender,
  reelEditValues,
  reelOnWallValues,
  reelShareValues,
  withReelUrls,
  type NewReel,
} from '../services/reels';
import { defineBehaviour } from './behaviour';

/** A new reel: its clips as chosen, or a rule that chooses them (one or the other). */
const createBody = createSchemaOf(reels)
  .extend({ clips: reelClipsField.optional(), rule: reelRuleSchema.optional() })
  .refine((body) => (body.clips === undefined) !== (body.rule === undefined), { message: 'app.validation.reelClipsOrRule', path: ['clips'] });

const reelIdOf = (request: FastifyRequest) => (request.params as { reelId: string }).reelId;

/**
 * Highlight reels: created from checked clips with their render queued in one transaction, their
 * outputs answered as signed addresses, re-rendered by `render`, and their files removed with them.
 */
export const reelsBehaviour = defineBehaviour({
  sign: (context, records) => withReelUrls(context.deps, records),
  notFound: 'app.server.notFound.reel',
  beforeUpdate: (context, values, record) => reelEditValues(context.deps.db, context.parentId, values, record, context.actor),
  beforeAction: async (context, action, record, values) => {
    if (action === 'share') return reelShareValues(context.deps.db, context.parentId, record, context.actor);
    if (action === 'show-on-wall') return reelOnWallValues(context.deps.db, context.parentId, record, context.actor);
    return values;
  },
  routes: {
    create: {
      summary:
        "Make a reel of the account's approved, shown videos (at most 20 clips, each an upload id or `id@in-out` in seconds), or of the ones a `rule` " +
        'chooses (a page, optional dates and tag, ranked by likes, views or date, the first `count`), and queue its render; ' +
        'a Pro feature (402 reels upgrade on other plans). 400 names each clip that cannot be in a reel, or says no video fits the rule.',
      body: createBody,
      async handler(request, reply, context) {
        const id = await createReel(context.deps, context.parentId, request.body as NewReel, context.actor);
        return reply.status(201).send(await context.answer(id));
      },
    },
    show: { summary: 'One reel, with signed addresses of its three videos (9:16, 1:1, 16:9) once rendered' },
    'show-on-wall': {
      summary: "Show the reel on its page's wall, above the fans' uploads, while it has videos (409 for a reel of several pages' clips; a Pro feature)",
    },
    'hide-from-wall': { summary: "Take the reel off its page's wall" },
    delete: {
      summary: 'Delete a reel and its videos; answers the reel as it was',
      async handler(request, _reply, context) {
        const gone = await context.answer(reelIdOf(request));
        await deleteReelAndFiles(context.deps, reelIdOf(request), request.log);
        return gone;
      },
    },
    render: {
      summary: "Queue the reel's render again, with its clips as they are now (a Pro feature)",
      async handler(request, _reply, context) {
        await context.answer(reelIdOf(request));
        await queueReelRender(context.deps, context.parentId, reelIdOf(request), context.actor);
        return context.answer(reelIdOf(request));
      },
    },
  },
});
