import type { Db } from '../db';
import type { Account, Page } from '../db/types';
import { parseJson, toBool } from '../db/rows';
import { refused } from '../errors';
import type { Config } from '../config';
import { CAPTURE_DECLARED_TYPES, CAPTURE_EXTENSIONS, TERMS_PATH, TUS_ENDPOINT, type CaptureKind } from '#shared/domain/capture';
import { HONEYPOT_FIELD, type CaptureForm, type CapturePagePayload } from '#shared/domain/schemas/capture';
import { countryForced, listItems } from '#shared/domain/schemas/page';
import { CAPTURE_FLAGS, type CaptureFlag } from '#shared/domain/schemas/captureFlags';
import type { PlanLimits } from '#shared/domain/plans';
import { checkFanUploads, type FanUploadTarget } from './fanUploads';
import { configuredLinks, publicLink } from './captureLinks';
import { findPageById, pageIdsBySlugs } from '../db/repositories/pages';
import { findAccountById } from '../db/repositories/accounts';

interface PublicPage {
  page: Page;
  account: Account;
  target: FanUploadTarget;
}

/**
 * The page at /p/{accountSlug}/{pageSlug} when it takes fan uploads; otherwise the refusal
 * (404 for no such page, else the gate's reason). Slugs match case-insensitively.
 */
export async function findPublicPage(db: Db, accountSlug: string, pageSlug: string): Promise<PublicPage> {
  const row = await pageIdsBySlugs(db, accountSlug, pageSlug);
  if (!row) throw refused('page-not-found');
  const gate = await checkFanUploads(db, row.pageId);
  if ('refusal' in gate) throw refused(gate.refusal);
  const [page, account] = await Promise.all([findPageById(db, row.pageId, { required: true }), findAccountById(db, row.accountId, { required: true })]);
  return { page, account, target: gate };
}

/** Kinds the plan takes: photos only with fan photos (the `images` limit, 0 on Free). */
export function acceptedKinds(limits: PlanLimits): CaptureKind[] {
  return limits.images !== 0 ? ['video', 'image'] : ['video'];
}

export function captureFormOf(page: Page, limits: PlanLimits): CaptureForm {
  const flags = Object.fromEntries(CAPTURE_FLAGS.map((name) => [name, toBool(page[name])])) as Record<CaptureFlag, boolean>;
  const marketing = flags.captureMarketingConsent;
  return {
    ...flags,
    captureCountry: flags.captureCountry || countryForced(flags),
    venueCities: toBool(page.captureVenueCity) ? listItems(page.venueCities) : [],
    songs: toBool(page.captureSongList) ? listItems(page.songList) : [],
    artists: toBool(page.captureArtist) ? listItems(page.artistList) : [],
    marketingConsent: marketing ? page.marketingConsent : null,
    // Terms stay on a page whose plan was downgraded; they are shown and required only with the feature.
    customTerms: limits.terms !== 0 ? parseJson<string[]>(page.customTerms, []) : [],
  };
}

/**
 * What GET /api/public/pages/{accountSlug}/{pageSlug} answers (shared/domain/schemas/capture.ts);
 * the capture page's load passes the browser token it gives (server/services/captureTokens.ts).
 */
export function capturePagePayload(
  { page, account, target }: PublicPage,
  config: Pick<Config, 'baseUrl' | 'capture' | 'supportEmail'>,
  token?: string,
): CapturePagePayload {
  const { limits } = target;
  const links = configuredLinks(account, page, limits).map((link) => ({ place: link.place, link: publicLink(page.id, link) }));
  const inPlace = (place: string) => links.filter((link) => link.place === place).map((link) => link.link);
  const hasAds = limits.pageAds !== 0 && !!(page.adImage || page.adUrl);
  const kinds = acceptedKinds(limits);
  return {
    account: {
      name: account.name,
      slug: account.slug,
      headerImage: account.headerImage,
      lightHeader: toBool(account.lightHeader),
      primaryColor: account.primaryColor,
      secondaryColor: account.secondaryColor,
      favicon: account.favicon,
      primaryLink: inPlace('primary')[0] ?? null,
      headerLinks: inPlace('header'),
      footerLinks: inPlace('footer'),
      social: { image: account.socialSiteImage, title: account.socialSiteTitle, description: account.socialSiteDescription },
      termsUrl: account.termsUrl || TERMS_PATH,
      helpEmail: account.helpEmailAddress || config.supportEmail,
      cssOverride: account.cssOverride || null,
    },
    page: {
      id: page.id,
      slug: page.slug,
      title: page.title,
      banner: page.image ?? account.image ?? null,
      ad: hasAds ? { image: page.adImage, link: inPlace('ad')[0] ?? null } : null,
      address: `${config.baseUrl}/p/${account.slug}/${page.slug}`,
    },
    form: captureFormOf(page, limits),
    files: {
      kinds,
      video: {
        types: [...CAPTURE_DECLARED_TYPES.video],
        extensions: [...CAPTURE_EXTENSIONS.video],
        maxBytes: config.capture.videoMaxBytes,
        maxDurationSeconds: config.capture.maxDurationSeconds,
      },
      image: kinds.includes('image')
        ? { types: [...CAPTURE_DECLARED_TYPES.image], extensions: [...CAPTURE_EXTENSIONS.image], maxBytes: config.capture.imageMaxBytes }
        : null,
    },
    upload: { endpoint: TUS_ENDPOINT, chunkSize: config.capture.chunkSize, honeypotField: HONEYPOT_FIELD, ...(token ? { token } : {}) },
  };
}
