import { brandTheme, themeCss } from '../../src/domain/brandColors';
import type { Refusal } from '../../src/capture/api';
import type { CapturePagePayload } from '../../src/domain/schemas/capture';
import { escapeHtml as e, jsonForScript } from './html';

/** What the capture page's HTML is written from: the page's data, or why it is refused. */
export type CaptureHtmlView = { ok: true; payload: CapturePagePayload } | { ok: false; refusal: Refusal };

const absolute = (url: string, baseUrl: string) => (/^https?:\/\//i.test(url) ? url : `${baseUrl}${url.startsWith('/') ? '' : '/'}${url}`);

function headOf(view: CaptureHtmlView, baseUrl: string): string {
  if (!view.ok) {
    const title = view.refusal.reason === 'page-not-found' ? 'Page not found' : 'Page not available';
    return `<title>${e(title)}</title>\n    <meta name="robots" content="noindex" />\n    <link rel="icon" href="data:," />`;
  }
  const { account, page } = view.payload;
  const title = account.social.title || `${page.title} | ${account.name}`;
  const description = account.social.description || page.title;
  const image = account.social.image ?? page.banner;
  const tags = [
    `<title>${e(title)}</title>`,
    `<meta name="description" content="${e(description)}" />`,
    `<link rel="icon" href="${e(account.favicon ?? 'data:,')}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${e(account.name)}" />`,
    `<meta property="og:title" content="${e(title)}" />`,
    `<meta property="og:description" content="${e(description)}" />`,
    `<meta property="og:url" content="${e(page.address)}" />`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${e(title)}" />`,
    `<meta name="twitter:description" content="${e(description)}" />`,
  ];
  if (image) {
    tags.push(`<meta property="og:image" content="${e(absolute(image, baseUrl))}" />`, `<meta name="twitter:image" content="${e(absolute(image, baseUrl))}" />`);
  }
  // The banner is the page's largest paint: fetch it with the HTML, not after the script.
  if (page.banner) tags.push(`<link rel="preload" as="image" href="${e(page.banner)}" fetchpriority="high" />`);
  return tags.join('\n    ');
}

/** The first paint before any script: the account's bar, the banner, the title and a loading line. */
function shellOf(view: CaptureHtmlView): string {
  if (!view.ok) {
    const heading = view.refusal.reason === 'page-not-found' ? 'Page not found' : 'Sorry';
    return `<div class="shell"><main id="content"><div class="refusal" role="alert"><h1>${e(heading)}</h1><p>${e(view.refusal.message)}</p></div></main></div>`;
  }
  const { account, page } = view.payload;
  const brand = account.headerImage ? `<img src="${e(account.headerImage)}" alt="${e(account.name)}" height="44" />` : `<span>${e(account.name)}</span>`;
  const banner = page.banner ? `<img class="banner" src="${e(page.banner)}" alt="" fetchpriority="high" width="1280" height="720" />` : '';
  return (
    `<div class="shell" style="${e(themeCss(brandTheme(account.primaryColor)))}">` +
    `<header class="bar ${account.lightHeader ? 'bar--light' : 'bar--dark'}"><div class="brand">${brand}</div></header>` +
    banner +
    `<main id="content"><h1>${e(page.title)}</h1><p class="loading" role="status"><span class="spinner" aria-hidden="true"></span>Loading the form…</p></main>` +
    `</div>`
  );
}

/**
 * The built capture.html with the server's part written in: title, social tags and favicon
 * (crawlers read them without running scripts), the first paint, and the page's data as JSON
 * the page's script reads instead of asking the API again (a data block, not a script, so
 * the CSP's script-src 'self' holds).
 */
export function renderCaptureHtml(template: string, view: CaptureHtmlView, baseUrl: string): string {
  const data = `<script type="application/json" id="capture-data">${jsonForScript(view)}</script>`;
  return template.replace('<!--capture-head-->', () => headOf(view, baseUrl)).replace('<!--capture-shell-->', () => shellOf(view) + data);
}
