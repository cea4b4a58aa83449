import { z } from 'zod';
import { LIMITS } from '../constants';
import { M, blankWhenNull, optionalText, requiredText, slugField, urlField } from './common';
import { currentFileField, tmpFileField } from './files';
import { captureFlagsShape } from './captureFlags';
import { takingBackOutput } from './ownOutput';

export const PAGE_STATUSES = ['pending', 'enabled', 'disabled', 'archived'] as const;

export const newPageSchema = z
  .object({
    name: requiredText(LIMITS.pageName),
    clonePageId: z.string().min(1).max(64).optional(),
  })
  .strict();

/** The New Page dialog: an empty choice means "start from a blank page". */
export const newPageFormSchema = newPageSchema.extend({ clonePageId: blankWhenNull(z.union([z.literal(''), z.string().min(1).max(64)])).optional() });

const listText = optionalText(LIMITS.longText, { multiline: true });

/**
 * Every field of a page (spec section 3) with the rules of section 5: lists and consent text
 * required when their capture is on, at most 3 custom terms, each required.
 */
export const pageSchema = z
  .object({
    name: requiredText(LIMITS.pageName),
    slug: slugField(LIMITS.pageSlug),
    title: requiredText(LIMITS.shortText),
    requireApproval: z.boolean(),
    allowSubmissions: z.boolean(),
    // Left out, a save keeps the page's setting (clients older than the venue screen send no such field).
    autoApprove: z.boolean().optional(),
    ...captureFlagsShape,
    venueCities: listText,
    songList: listText,
    artistList: listText,
    marketingConsent: optionalText(LIMITS.shortText * 5, { multiline: true }),
    customTerms: z.array(requiredText(LIMITS.shortText * 5, { multiline: true })).max(LIMITS.customTerms, 'app.validation.tooMany'),
    adUrl: z.union([z.literal(''), urlField(LIMITS.linkUrl)]).optional(),
    // Images: the ...Tmp field takes a new upload; the image field itself only removes (null).
    image: currentFileField,
    imageTmp: tmpFileField,
    adImage: currentFileField,
    adImageTmp: tmpFileField,
  })
  .strict()
  .superRefine((page, ctx) => {
    const requiredWhenOn: [boolean, string][] = [
      [page.captureVenueCity, 'venueCities'],
      [page.captureSongList, 'songList'],
      [page.captureArtist, 'artistList'],
      [page.captureMarketingConsent, 'marketingConsent'],
    ];
    for (const [on, field] of requiredWhenOn) {
      const value = (page as Record<string, unknown>)[field];
      if (on && !(typeof value === 'string' && value.trim())) ctx.addIssue({ code: 'custom', path: [field], message: M.required });
    }
  });
export type PageInput = z.infer<typeof pageSchema>;

/** A page list's items (venue cities, songs, artists): one per line, trimmed, blanks dropped. */
export function listItems(text: string | null | undefined): string[] {
  return (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** City/state and phone capture need the country, so it is forced on with them (spec section 2). */
export function countryForced(page: Pick<PageInput, 'captureCityState' | 'capturePhone'>): boolean {
  return page.captureCityState || page.capturePhone;
}

/** PUT /api/pages/{id}: also takes back what GET answered. */
export const pageUpdateBody = takingBackOutput(pageSchema, [
  'id',
  'accountId',
  'status',
  'likingStatus',
  'createdAt',
  'updatedAt',
  'maxVideoSeconds',
  'address',
  'mobileAddress',
  'screenToken',
  'screenAddress',
]);

/** A page as the API answers it (the console's page form reads it): its settings, the terms list, its public addresses. */
export const pageAnswerSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  slug: z.string(),
  title: z.string(),
  status: z.enum(PAGE_STATUSES),
  image: z.string().nullable(),
  adImage: z.string().nullable(),
  adUrl: z.string().nullable(),
  requireApproval: z.boolean(),
  allowSubmissions: z.boolean(),
  autoApprove: z.boolean(),
  likingStatus: z.string(),
  ...captureFlagsShape,
  venueCities: z.string(),
  songList: z.string(),
  artistList: z.string(),
  marketingConsent: z.string(),
  customTerms: z.array(z.string()),
  maxVideoSeconds: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  address: z.string(),
  mobileAddress: z.string(),
  /** The venue screen's secret and its address (staff only: the token is what keeps the screen private). */
  screenToken: z.string().nullable(),
  screenAddress: z.string().nullable(),
});
export const pageLookupSchema = z.array(z.object({ id: z.string(), name: z.string() }));
/** GET /api/pages/new: what a new page starts with. */
export const newPageDefaultsSchema = z.object({
  title: z.string(),
  marketingConsent: z.string(),
  captureEmail: z.boolean(),
  captureName: z.boolean(),
  allowSubmissions: z.boolean(),
  customTerms: z.array(z.string()),
});
