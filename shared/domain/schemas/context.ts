import { z } from 'zod';
import { ACCOUNT_ROLES, USER_TYPES } from '../roles';
import { PLANS } from '../plans';
import { LINK_TYPES } from './account';
import { LOCALES } from '../locales';

/** Answers the console reads on every load: the signed-in user, their current account, the context (shared/domain/types.ts). */

const linkItemAnswer = z.object({ label: z.string(), link: z.string(), type: z.enum(LINK_TYPES), primary: z.boolean().optional() });

const accountLinksSchema = z.object({ primary: z.string().nullable(), header: z.array(linkItemAnswer), footer: z.array(linkItemAnswer) });

/** Who a user is, as every screen that names or pictures one shows them. */
export const userIdentityShape = {
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
};

export const currentUserSchema = z.object({
  ...userIdentityShape,
  type: z.enum(USER_TYPES),
  status: z.string(),
  emailVerified: z.boolean(),
  videoProcessedEmails: z.boolean(),
  /** The language the user chose (PUT /api/users/me/locale); null: the console follows the browser. */
  locale: z.enum(LOCALES).nullable(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  role: z.enum(ACCOUNT_ROLES).nullable(),
  canEdit: z.boolean(),
  canSwitchAccount: z.boolean(),
  isAdmin: z.boolean(),
});

const limit = z.number().nullable();
const planLimitsSchema = z.object({
  users: limit,
  pages: limit,
  uploads: limit,
  filters: z.number(),
  tags: z.number(),
  pageAds: z.number(),
  terms: z.number(),
  images: z.number(),
  integrationDropbox: z.number(),
});

export const accountSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  status: z.string(),
  enabled: z.boolean(),
  subscriptionPlan: z.enum(PLANS),
  planLimits: planLimitsSchema,
  helpEmailAddress: z.string().nullable(),
  timeZone: z.string(),
  links: accountLinksSchema,
  favicon: z.string().nullable(),
  headerImage: z.string().nullable(),
  lightHeader: z.boolean(),
  image: z.string().nullable(),
  primaryColor: z.string().nullable(),
  secondaryColor: z.string().nullable(),
});

export const appContextSchema = z.object({
  config: z.object({ cdnPrefix: z.string(), baseUrl: z.string(), appVersion: z.string() }),
  systemDefaults: z.object({ supportEmail: z.string(), marketingConsent: z.string(), tablePageSize: z.number(), uploadPageSize: z.number() }),
  user: currentUserSchema,
  account: accountSummarySchema.nullable(),
});

export const accountChoiceSchema = z.object({ id: z.string(), name: z.string(), slug: z.string(), status: z.string(), role: z.enum(ACCOUNT_ROLES).nullable() });

/** `{ ok: true }`: the call did what it says. */
export const okSchema = z.object({ ok: z.boolean() });

/** GET /api/accounts/{id}: the summary, the social fields and counts. */
export const accountDetailsSchema = accountSummarySchema.extend({
  cssOverride: z.string().nullable(),
  termsUrl: z.string().nullable(),
  /** 'Only use clips with rights granted': the wall, share pages and reels take only clips whose fan granted the rights. */
  rightsRequired: z.boolean(),
  /** The payment provider's customer id: platform admins only, read-only. */
  stripeCustomerId: z.string().nullable().optional(),
  socialSiteImage: z.string().nullable(),
  socialSiteTitle: z.string().nullable(),
  socialSiteDescription: z.string().nullable(),
  accountIntegrations: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  uploadVideoCount: z.number(),
  pageCount: z.number(),
  userCount: z.number(),
});
