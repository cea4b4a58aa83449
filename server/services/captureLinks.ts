import { createHash } from 'node:crypto';
import type { Account, Page } from '../db/types';
import { parseJson } from '../db/rows';
import type { AccountLinks } from '#shared/domain/types';
import type { PlanLimits } from '#shared/domain/plans';
import type { PublicLink } from '#shared/domain/schemas/capture';

type LinkPlace = 'primary' | 'header' | 'footer' | 'ad';

/** A link the account (or the page's ad) configured: only these are ever redirected to. */
export interface ConfiguredLink {
  place: LinkPlace;
  label: string;
  url: string;
  type: 'same' | 'external';
  primary: boolean;
}

/** The click counter's address: /l/{pageId}.{digest of place and url}. No URL travels in it. */
export function linkIdOf(pageId: string, link: Pick<ConfiguredLink, 'place' | 'url'>): string {
  const digest = createHash('sha256').update(`${link.place}\n${link.url}`).digest('base64url').slice(0, 16);
  return `${pageId}.${digest}`;
}

export function parseLinkId(id: string): { pageId: string } | undefined {
  const match = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{16})$/.exec(id);
  return match ? { pageId: match[1] } : undefined;
}

/** Every link the page shows: the account's primary, header and footer links, and the ad's when the plan has ads. */
export function configuredLinks(account: Pick<Account, 'links'>, page: Pick<Page, 'adUrl'>, limits: PlanLimits): ConfiguredLink[] {
  const links = parseJson<Partial<AccountLinks>>(account.links, {});
  const result: ConfiguredLink[] = [];
  if (links.primary) result.push({ place: 'primary', label: 'Home', url: links.primary, type: 'external', primary: true });
  for (const link of links.header ?? []) result.push({ place: 'header', label: link.label, url: link.link, type: link.type, primary: !!link.primary });
  for (const link of links.footer ?? []) result.push({ place: 'footer', label: link.label, url: link.link, type: link.type, primary: false });
  if (limits.pageAds !== 0 && page.adUrl) result.push({ place: 'ad', label: 'Ad', url: page.adUrl, type: 'external', primary: false });
  return result;
}

export function publicLink(pageId: string, link: ConfiguredLink): PublicLink {
  const id = linkIdOf(pageId, link);
  return { id, label: link.label, href: `/l/${id}`, url: link.url, type: link.type, primary: link.primary };
}
