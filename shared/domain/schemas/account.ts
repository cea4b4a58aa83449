import { z } from 'zod';
import { LIMITS } from '../constants';
import { blankWhenNull, M, optionalText, optionalUrlField, requiredOrInvalid, requiredText, slugField, urlField } from './common';
import { CSS_OVERRIDE_MAX } from '../cssOverride';
import { currentFileField, tmpFileField } from './files';
import { isTimezone } from '../timezones';
import { takingBackOutput } from './ownOutput';

export const LINK_TYPES = ['same', 'external'] as const;

/** A header or footer link (spec section 5): label at most 15, a valid URL at most 500, a type. */
const linkItemSchema = z
  .object({
    label: requiredText(LIMITS.linkLabel),
    link: urlField(LIMITS.linkUrl),
    type: z.enum(LINK_TYPES, { error: requiredOrInvalid }),
    primary: z.boolean().optional(),
  })
  .strict();

const colorField = z
  .string()
  .trim()
  .regex(/^(#[0-9a-fA-F]{6})?$/, M.invalid)
  .nullable()
  .optional();

/** Blank means "use the provider's support address". */
const helpEmailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.email, M.tooLong)
  .refine((value) => value === '' || z.email().safeParse(value).success, M.email);

/**
 * What only a platform admin changes, on the account's General tab (platform-admin.md:
 * 'The General tab edits the account configuration'): name (max 25), slug (max 50, letters
 * or numbers only, unique) and cssOverride (cleaned by the server before it is stored).
 */
const accountIdentityFields = {
  name: requiredText(LIMITS.accountName),
  slug: slugField(LIMITS.accountSlug),
  // A cleared react-admin input sends null: blank, no CSS.
  cssOverride: blankWhenNull(optionalText(CSS_OVERRIDE_MAX, { multiline: true })),
};

export const accountSettingsSchema = z
  .object({
    // Left out: unchanged. Given by anyone but a platform admin with a new value: 403.
    name: accountIdentityFields.name.optional(),
    slug: accountIdentityFields.slug.optional(),
    cssOverride: accountIdentityFields.cssOverride.optional(),
    primaryColor: colorField,
    secondaryColor: colorField,
    lightHeader: z.boolean(),
    helpEmailAddress: helpEmailField,
    /** Where the account's days start in its stats (IANA zone; left out: unchanged). */
    timeZone: z.string({ error: M.invalid }).max(64, M.tooLong).refine(isTimezone, M.invalid).optional(),
    /** The account's own terms of service for its capture pages; blank or null (a cleared input): the platform's /terms. Left out: unchanged. */
    termsUrl: optionalUrlField(LIMITS.linkUrl).optional(),
    /** 'Only use clips with rights granted' (left out: unchanged). */
    rightsRequired: z.boolean({ error: M.invalid }).optional(),
    socialSiteTitle: optionalText(LIMITS.shortText),
    socialSiteDescription: optionalText(LIMITS.longText, { multiline: true }),
    // Images: the ...Tmp field takes a new upload; the image field itself only removes (null).
    favicon: currentFileField,
    faviconTmp: tmpFileField,
    headerImage: currentFileField,
    headerImageTmp: tmpFileField,
    image: currentFileField,
    imageTmp: tmpFileField,
    socialSiteImage: currentFileField,
    socialSiteImageTmp: tmpFileField,
    links: z
      .object({
        primary: z.union([z.literal(''), urlField(LIMITS.linkUrl)]),
        header: z.array(linkItemSchema).max(LIMITS.headerLinks, 'app.validation.tooMany'),
        footer: z.array(linkItemSchema.omit({ primary: true })).max(LIMITS.footerLinks, 'app.validation.tooMany'),
      })
      .strict()
      .refine((links) => links.header.filter((link) => link.primary).length <= 1, {
        message: 'app.validation.onePrimary',
        path: ['header'],
      }),
  })
  .strict();
export type AccountSettingsInput = z.infer<typeof accountSettingsSchema>;

/** PUT /api/accounts/{id}: also takes back what GET answered (plan, counts and limits are read-only here). */
export const accountSettingsUpdateBody = takingBackOutput(accountSettingsSchema, [
  'id',
  'name',
  'slug',
  'status',
  'enabled',
  'subscriptionPlan',
  'planLimits',
  'cssOverride',
  'accountIntegrations',
  'createdAt',
  'uploadVideoCount',
  'pageCount',
  'userCount',
  'stripeCustomerId',
]);
