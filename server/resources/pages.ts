import { z } from 'zod';
import { newPageSchema, pageAnswerSchema, pageUpdateBody, countryForced, type PageInput } from '#shared/domain/schemas/page';
import { CAPTURE_FLAGS } from '#shared/domain/schemas/captureFlags';
import { PAGE_TRANSITIONS, type PageStatus, type PageStatusAction } from '#shared/domain/pageStatus';
import { isSlugTaken } from '../db/repositories/pages';
import { imageColumnChanges } from '../files';
import { droppedUrls, releaseFiles } from '../services/fileReferences';
import { createPage } from '../services/pages';
import { newScreenToken } from '../services/screenTokens';
import { assertCanActivatePage, assertFeature, limitsOf } from '../services/planLimits';
import { conflict, fieldError } from '../errors';
import { defineBehaviour } from './behaviour';

const PAGE_IMAGES = ['image', 'adImage'] as const;

/**
 * A page is created by name or copied (a fresh unique slug, not enabled); a save checks the plan's
 * features and a free slug, promotes new images and releases the ones it drops; a status action
 * takes only the transitions it allows, and enabling stays within the plan's active pages.
 */
export const pagesBehaviour = defineBehaviour({
  async beforeUpdate({ deps, parentId, actor }, _values, page, body) {
    const input = body as PageInput;
    const limits = await limitsOf(deps.db, parentId);
    if (input.customTerms.length > 0) assertFeature(limits, 'terms', 'custom_terms', actor);
    if (input.adUrl || input.adImageTmp?.trim()) assertFeature(limits, 'pageAds', 'page_ads', actor);
    // Slugs are kept lower-case, as account slugs are, so SummerTour and summertour are one slug.
    const slug = input.slug.toLowerCase();
    if (await isSlugTaken(deps.db, parentId, slug, page.id)) throw fieldError('slug', 'app.server.slugTakenPage');
    const images = await imageColumnChanges(deps, actor.id, PAGE_IMAGES, input, `pages/${page.id}`);
    return {
      name: input.name,
      slug,
      title: input.title,
      venueCities: input.venueCities,
      songList: input.songList,
      artistList: input.artistList,
      marketingConsent: input.marketingConsent,
      requireApproval: input.requireApproval,
      allowSubmissions: input.allowSubmissions,
      autoApprove: input.autoApprove ?? Boolean(page.autoApprove),
      ...Object.fromEntries(CAPTURE_FLAGS.map((flag) => [flag, input[flag]])),
      captureCountry: input.captureCountry || countryForced(input),
      customTerms: input.customTerms,
      adUrl: input.adUrl || null,
      ...images,
    };
  },
  async beforeAction({ deps, parentId, actor }, action, page, values) {
    // Every screen opened with the old secret answers 404 from its next question on.
    if (action === 'rotate-screen-token') return { screenToken: newScreenToken() };
    const transition = PAGE_TRANSITIONS[action as PageStatusAction];
    if (!transition.from.includes(page.status as PageStatus))
      throw conflict('app.server.pageTransitionRefused', { from: String(page.status), to: transition.to });
    if (action === 'enable') await assertCanActivatePage(deps.db, parentId, actor);
    return values;
  },
  async afterWrite({ deps }, action, page, previous) {
    if (action === 'edit' && previous) await releaseFiles(deps, droppedUrls(previous as Record<string, string | null>, pickImages(page)));
  },
  routes: {
    list: { summary: "The account's pages with their public addresses (paged, sortable, searchable by name, filterable by status)" },
    show: { summary: 'One page with every setting' },
    create: {
      summary: 'Create a page from a name, or clone an existing page of the account (fresh slug, not enabled)',
      body: newPageSchema,
      async handler(request, reply, { deps, parentId, answer }) {
        const { name, clonePageId } = request.body as z.output<typeof newPageSchema>;
        const page = await createPage(deps.db, parentId, name, clonePageId);
        return reply.status(201).send(await answer(page.id));
      },
    },
    edit: { summary: 'Save every setting of a page; country capture is forced on with city/state or phone capture', body: pageUpdateBody },
    clone: {
      summary: 'Copy a page with every setting and list; the copy has a fresh slug and is not enabled',
      body: z.object({ name: newPageSchema.shape.name.optional() }).strict(),
      response: { 201: pageAnswerSchema },
      async handler(request, reply, { deps, parentId, answer }) {
        const original = await answer((request.params as { id: string }).id);
        const name = (request.body as { name?: string }).name ?? `${String(original.name)} (copy)`.slice(0, 100);
        const copy = await createPage(deps.db, parentId, name, original.id);
        return reply.status(201).send(await answer(copy.id));
      },
    },
    enable: { summary: 'Enable a page (within the plan’s active pages)' },
    disable: { summary: 'Disable an enabled page' },
    archive: { summary: 'Archive a page' },
    'rotate-screen-token': { summary: 'A new secret for the page’s venue screen: screens opened with the old one stop at their next question (404)' },
  },
});

/** The image columns a saved page names now (the ones it no longer names are released). */
const pickImages = (page: Record<string, unknown>) => Object.fromEntries(PAGE_IMAGES.map((column) => [column, page[column] as string | null]));
