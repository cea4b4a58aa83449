import { brandTheme, themeCss } from '#shared/domain/brandColors';
import type { CapturePagePayload } from '#shared/domain/schemas/capture';
import type { PublicPageData, WallItem } from '#shared/domain/schemas/wall';
import { absolute, footerOf, headerOf } from './captureHtml';
import { escapeHtml as e, jsonForScript } from './html';
import { inLanguage, type FanText } from './fanText';
import { imageTags, socialTags, unlistedHead, videoTags } from './headTags';

/**
 * The public pages of uploads, written by the server into the capture page's template (so they
 * share its look, its script and its CSP): the share page /s/{token} with the Open Graph and
 * Twitter tags messaging apps read, its bare player /s/{token}/player (twitter:player), the
 * embeddable wall /p/{account}/{page}/wall, and the 404 of all three.
 */

export interface ShareView {
  item: WallItem;
  payload: CapturePagePayload;
}

export const dataBlock = (data: PublicPageData) => `<script type="application/json" id="public-data">${jsonForScript(data)}</script>`;

/** The capture page's template with this head and body, in the fan's language. */
export const fill = (template: string, head: string, body: string, text: FanText) =>
  inLanguage(
    template.replace('<!--capture-head-->', () => head).replace('<!--capture-shell-->', () => body),
    text,
  );

function mediaOf(item: WallItem, title: string): string {
  if (item.type === 'image') return `<img class="share-media" src="${e(item.image ?? '')}" alt="${e(title)}" />`;
  const sources = [item.mp4 && `<source src="${e(item.mp4)}" type="video/mp4" />`, item.webm && `<source src="${e(item.webm)}" type="video/webm" />`]
    .filter(Boolean)
    .join('');
  const poster = item.image ? ` poster="${e(item.image)}"` : '';
  return `<video class="share-media" id="share-video" controls playsinline preload="metadata"${poster} aria-label="${e(title)}">${sources}</video>`;
}

function shareHead({ item, payload }: ShareView, baseUrl: string, { m, f }: FanText): string {
  const { account, page } = payload;
  const title = `${page.title} | ${account.name}`;
  const description = account.social.description || f(item.type === 'image' ? m.share.photoOn : m.share.videoOn, { account: account.name });
  const image = item.image ? absolute(item.image, baseUrl) : null;
  const tags = [
    ...socialTags({ title, description, favicon: account.favicon, address: item.shareLink, siteName: account.name }),
    `<meta name="twitter:title" content="${e(title)}" />`,
    `<meta name="twitter:description" content="${e(description)}" />`,
  ];
  if (image) tags.push(...imageTags(image));
  const video = item.mp4 ? absolute(item.mp4, baseUrl) : null;
  if (item.type === 'video' && video) {
    tags.push(
      ...videoTags(video, 1280, 720),
      `<meta name="twitter:card" content="player" />`,
      `<meta name="twitter:player" content="${e(`${item.shareLink}/player`)}" />`,
      `<meta name="twitter:player:width" content="1280" />`,
      `<meta name="twitter:player:height" content="720" />`,
      `<meta name="twitter:player:stream" content="${e(video)}" />`,
      `<meta name="twitter:player:stream:content_type" content="video/mp4" />`,
    );
  } else {
    tags.push(`<meta property="og:type" content="website" />`, `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`);
  }
  return tags.join('\n    ');
}

export function renderShareHtml(template: string, view: ShareView, baseUrl: string, text: FanText): string {
  const { m, plural } = text;
  const { item, payload } = view;
  const { account, page } = payload;
  const title = `${account.name}: ${page.title}`;
  const body =
    `<div class="shell" style="${e(themeCss(brandTheme(account.primaryColor)))}">` +
    `<a class="skip" href="#content" data-fan="page.skip">${e(m.page.skip)}</a>` +
    headerOf(account, text) +
    `<main id="content" class="share"><h1>${e(page.title)}</h1>` +
    mediaOf(item, title) +
    `<p class="share-counts"><span id="share-views">${e(plural(m.wall.views, item.viewCount))}</span> · <span>${e(plural(m.wall.likes, item.likeCount))}</span></p>` +
    `<p><a class="button" href="${e(page.address)}" data-fan="share.yourOwn">${e(m.share.yourOwn)}</a></p>` +
    `</main>` +
    footerOf(account, text) +
    `</div>` +
    dataBlock({ kind: 'share', uploadId: item.id });
  return fill(template, shareHead(view, baseUrl, text), body, text);
}

/** Only the media, for twitter:player's iframe. */
export function renderPlayerHtml(template: string, view: ShareView, text: FanText): string {
  const { item, payload } = view;
  const title = `${payload.account.name}: ${payload.page.title}`;
  const head = unlistedHead(title);
  const body =
    `<main id="content" class="player"><h1 class="sr-only">${e(title)}</h1>${mediaOf(item, title)}</main>` + dataBlock({ kind: 'share', uploadId: item.id });
  return fill(template, head, body, text);
}

/** The wall alone, for an iframe on the account's own site; the page's script fills it in. */
export function renderWallHtml(template: string, payload: CapturePagePayload, text: FanText): string {
  const { account, page } = payload;
  const title = `${page.title} | ${account.name}`;
  const head = unlistedHead(title, account.favicon);
  const body =
    `<div class="embed" style="${e(themeCss(brandTheme(account.primaryColor)))}">` +
    `<main id="content"><h1 class="sr-only">${e(title)}</h1><div id="wall-root"><p class="loading" role="status"><span class="spinner" aria-hidden="true"></span>${e(text.m.page.loading)}</p></div></main>` +
    `</div>` +
    dataBlock({ kind: 'wall', accountSlug: account.slug, pageSlug: page.slug });
  return fill(template, head, body, text);
}

/** Hidden, flagged, deleted, not approved or never there: the same page, so nothing is given away. */
export function renderPublicNotFound(template: string, text: FanText, what: 'upload' | 'page' = 'upload'): string {
  const { m } = text;
  const message = what === 'page' ? m.refusal['page-not-found'] : m.share.notAvailable;
  const head = unlistedHead(m.page.notFound);
  const body =
    `<div class="shell"><main id="content"><div class="refusal" role="alert"><h1>${e(m.page.notFound)}</h1><p>${e(message)}</p></div></main></div>` +
    dataBlock({ kind: 'none' });
  return fill(template, head, body, text);
}
