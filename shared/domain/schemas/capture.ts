import { z } from 'zod';
import { LIMITS } from '../constants';
import { CAPTURE_KINDS } from '../capture';
import { LINK_TYPES } from './account';
import { M, emailField, requiredOrInvalid, requiredText } from './common';
import { captureFlagsShape } from './captureFlags';
import { countryForced } from './page';
import { countryCodeOf, isCountryCode, isUsStateCode, usStateCodeOf } from '../regions';
import { FAN_LOCALES, type FanLocale } from '../../i18n/fan/locales';

/**
 * The public capture page's wire contract:
 * - GET /api/public/pages/{accountSlug}/{pageSlug} answers `capturePagePayloadSchema`,
 *   or an error body with `reason` (a RefusalReason of ../capture.ts);
 * - POST /api/public/pages/{accountSlug}/{pageSlug}/submissions takes `submissionSchema(form)`.
 */

/** The public page's address parameters. */
export const capturePageParams = z
  .object({
    accountSlug: z.string({ error: requiredOrInvalid }).min(1, M.required).max(LIMITS.accountSlug, M.tooLong),
    pageSlug: z.string({ error: requiredOrInvalid }).min(1, M.required).max(LIMITS.pageSlug, M.tooLong),
  })
  .strict();

/** Messages of the fan form (keys of shared/i18n/validation.ts, like every other form's). */
const CAPTURE_M = {
  phone: 'app.validation.phone',
  zip: 'app.validation.zip',
  dob: 'app.validation.dob',
  handle: 'app.validation.handle',
  choice: 'app.validation.choice',
  term: 'app.validation.agreeTerms',
} as const;

/**
 * A link as the page shows it: `href` is where the page links to (our click counter /l/{id},
 * which redirects to `url`); `url` is the configured destination, for display only.
 */
const publicLinkSchema = z.object({
  id: z.string(),
  label: z.string(),
  href: z.string(),
  url: z.string(),
  type: z.enum(LINK_TYPES),
  primary: z.boolean(),
});
export type PublicLink = z.infer<typeof publicLinkSchema>;

const fileLimitsSchema = z.object({
  /** Declared types and extensions the picker accepts (see acceptAttribute). */
  types: z.array(z.string()),
  extensions: z.array(z.string()),
  maxBytes: z.number(),
});

/** What the form asks: the page's capture flags, with country already forced on where the rule says. */
const captureFormSchema = z.object({
  ...captureFlagsShape,
  /** The lists' items, one per line of the page's settings, trimmed, blanks dropped. */
  venueCities: z.array(z.string()),
  songs: z.array(z.string()),
  artists: z.array(z.string()),
  /** The exact text shown next to the optional marketing checkbox; null when not captured. */
  marketingConsent: z.string().nullable(),
  /** Each must be ticked; empty when the plan has no custom terms. */
  customTerms: z.array(z.string()),
});
export type CaptureForm = z.infer<typeof captureFormSchema>;

export const capturePagePayloadSchema = z.object({
  account: z.object({
    name: z.string(),
    slug: z.string(),
    headerImage: z.string().nullable(),
    lightHeader: z.boolean(),
    primaryColor: z.string().nullable(),
    secondaryColor: z.string().nullable(),
    favicon: z.string().nullable(),
    /** The account's main link (the header image links to it), or null. */
    primaryLink: publicLinkSchema.nullable(),
    headerLinks: z.array(publicLinkSchema),
    footerLinks: z.array(publicLinkSchema),
    social: z.object({ image: z.string().nullable(), title: z.string().nullable(), description: z.string().nullable() }),
    termsUrl: z.string(),
    helpEmail: z.string().nullable(),
    /** The account's CSS for its pages, cleaned when saved (shared/domain/cssOverride.ts); null for none. */
    cssOverride: z.string().nullable(),
  }),
  page: z.object({
    id: z.string(),
    slug: z.string(),
    /** The call to action. */
    title: z.string(),
    /** The page's banner, else the account's main image, else null. */
    banner: z.string().nullable(),
    /** Only when the plan has ads and the page has an ad image or URL. */
    ad: z.object({ image: z.string().nullable(), link: publicLinkSchema.nullable() }).nullable(),
    address: z.string(),
  }),
  form: captureFormSchema,
  files: z.object({
    /** Kinds the page takes: ['video'] on plans without fan photos, ['video', 'image'] otherwise. */
    kinds: z.array(z.enum(CAPTURE_KINDS)),
    video: fileLimitsSchema.extend({ maxDurationSeconds: z.number() }),
    /** null when the plan has no fan photos. */
    image: fileLimitsSchema.nullable(),
  }),
  upload: z.object({
    /** The tus endpoint (same origin). */
    endpoint: z.string(),
    chunkSize: z.number(),
    /** The name of the hidden honeypot input: render it off-screen and send it empty. */
    honeypotField: z.string(),
    /**
     * This browser's capture token (on the capture page only): sent back in the CAPTURE_TOKEN_HEADER
     * of tus creation and of the submission, so limits count per browser, not per shared address.
     */
    token: z.string().optional(),
  }),
});
export type CapturePagePayload = z.infer<typeof capturePagePayloadSchema>;

/** The hidden field a person leaves empty; a submission with it filled is dropped silently. */
export const HONEYPOT_FIELD = 'website';

const CAPTURE_LIMITS = { place: 100, zip: 12, phone: 25, handle: 30, uploadId: 200 } as const;

const place = requiredText(CAPTURE_LIMITS.place);
/** Stored as an ISO 3166-1 alpha-2 code: the form sends the code of the name chosen; an English name is taken too. */
const countryField = place.transform((value) => countryCodeOf(value) ?? value).refine(isCountryCode, CAPTURE_M.choice);
/** A date of birth: a real YYYY-MM-DD, not in the future, not before 1900. */
const dobField = z
  .string({ error: requiredOrInvalid })
  .trim()
  .min(1, M.required)
  .regex(/^\d{4}-\d{2}-\d{2}$/, CAPTURE_M.dob)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1900-01-01' && date.getTime() <= Date.now();
  }, CAPTURE_M.dob);
const phoneField = requiredText(CAPTURE_LIMITS.phone).regex(/^\+?[0-9][0-9 ().-]{4,}[0-9]$/, CAPTURE_M.phone);
const zipField = requiredText(CAPTURE_LIMITS.zip).regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, CAPTURE_M.zip);
/** An Instagram or TikTok handle, optional (not every fan has one); a leading @ is dropped. */
const handleField = z
  .string({ error: M.invalid })
  .trim()
  .transform((value) => value.replace(/^@/, ''))
  .pipe(
    z
      .string()
      .max(CAPTURE_LIMITS.handle, M.tooLong)
      .regex(/^[A-Za-z0-9._]*$/, CAPTURE_M.handle),
  )
  .optional();
const choiceOf = (items: string[]) =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(1, M.required)
    .refine((value) => items.includes(value), CAPTURE_M.choice);

/**
 * The fan's form for one page, built from its capture flags: a field the page does not
 * capture is refused as unknown. Name, email, country, city/state, zip, dob, phone and the
 * list choices are required when captured; Instagram and TikTok handles are optional; the
 * marketing consent is optional; every custom term must be ticked (`terms[i] === true`).
 */
export function submissionSchema(form: CaptureForm): z.ZodType<SubmissionInput> {
  const shape: Record<string, z.ZodType> = {
    uploadId: z.string({ error: requiredOrInvalid }).trim().min(1, M.required).max(CAPTURE_LIMITS.uploadId, M.tooLong),
    [HONEYPOT_FIELD]: z.string({ error: M.invalid }).max(LIMITS.shortText, M.tooLong).optional(),
    /** The language the page was shown in: the fan's mails and the consent record keep it. */
    locale: z.enum(FAN_LOCALES as [FanLocale, ...FanLocale[]], { error: M.invalid }).optional(),
  };
  if (form.captureName) {
    shape.firstName = requiredText(LIMITS.personName);
    shape.lastName = requiredText(LIMITS.personName);
  }
  if (form.captureEmail) shape.email = emailField();
  if (form.captureCountry || countryForced(form)) shape.country = countryField;
  if (form.captureCityState) {
    shape.city = place;
    shape.state = place;
  }
  if (form.captureZip) shape.zip = zipField;
  if (form.captureDob) shape.dob = dobField;
  if (form.capturePhone) shape.phone = phoneField;
  if (form.captureInstagram) shape.instagram = handleField;
  if (form.captureTiktok) shape.tiktok = handleField;
  if (form.captureVenueCity) shape.venueCity = choiceOf(form.venueCities);
  if (form.captureSongList) shape.song = choiceOf(form.songs);
  if (form.captureArtist) shape.artist = choiceOf(form.artists);
  if (form.captureMarketingConsent) shape.marketingConsent = z.boolean({ error: M.invalid }).optional();
  if (form.customTerms.length > 0) {
    shape.terms = z.array(z.literal(true, { error: CAPTURE_M.term }), { error: requiredOrInvalid }).length(form.customTerms.length, CAPTURE_M.term);
  }
  // In the United States the state is one of its ISO 3166-2 codes; elsewhere a region as typed.
  return z
    .object(shape)
    .strict()
    .transform((input) => (input.country === 'US' && typeof input.state === 'string' ? { ...input, state: usStateCodeOf(input.state) ?? input.state } : input))
    .superRefine((input, ctx) => {
      if (input.country === 'US' && typeof input.state === 'string' && input.state && !isUsStateCode(input.state)) {
        ctx.addIssue({ code: 'custom', path: ['state'], message: CAPTURE_M.choice });
      }
    }) as unknown as z.ZodType<SubmissionInput>;
}

/** The parsed submission (fields absent when the page does not capture them). */
export interface SubmissionInput {
  uploadId: string;
  website?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  country?: string;
  city?: string;
  state?: string;
  zip?: string;
  dob?: string;
  phone?: string;
  instagram?: string;
  tiktok?: string;
  venueCity?: string;
  song?: string;
  artist?: string;
  marketingConsent?: boolean;
  terms?: true[];
  locale?: FanLocale;
}

/** What a successful submission answers. */
export const submissionResultSchema = z.object({ id: z.string(), uploadId: z.string() });
export type SubmissionResult = z.infer<typeof submissionResultSchema>;
