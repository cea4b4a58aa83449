import { brandTheme, themeCss } from '#shared/domain/brandColors';
import type { Refusal } from '#shared/domain/capture';
import type { CapturePagePayload, PublicLink } from '#shared/domain/schemas/capture';
import { FAN_LANGUAGES } from '#shared/i18n/fan/locales';
import { escapeHtml as e, jsonForScript } from './html';
import { inLanguage, localeSwitch, type FanText } from './fanText';
import { imageTags, openGraphTags, pageTags, unlistedHead } from './headTags';

/** What the capture page's HTML is written from: the page's data, or why it is refused. */
export type CaptureHtmlView = { ok: true; payload: CapturePagePayload } | { ok: false; refusal: Refusal };

export const absolute = (url: string, baseUrl: string) => (/^https?:\/\//i.test(url) ? url : `${baseUrl}${url.startsWith('/') ? '' : '/'}${url}`);

function headOf(view: CaptureHtmlView, baseUrl: string, { m, locale }: FanText): string {
  if (!view.ok) {
    const title = view.refusal.reason === 'page-not-found' ? m.page.notFound : m.page.notAvailable;
    return unlistedHead(title);
  }
  const { account, page } = view.payload;
  const title = account.social.title || `${page.title} | ${account.name}`;
  const description = account.social.description || page.title;
  const image = account.social.image ?? page.banner;
  const tags = [
    `<meta property="og:locale" content="${e(FAN_LANGUAGES[locale].og)}" />`,
    ...pageTags({ title, description, favicon: account.favicon }),
    `<meta property="og:type" content="website" />`,
    ...openGraphTags({ title, description, address: page.address, siteName: account.name }),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${e(title)}" />`,
    `<meta name="twitter:description" content="${e(description)}" />`,
  ];
  if (image) tags.push(...imageTags(absolute(image, baseUrl)));
  // The banner is the page's largest paint: fetch it with the HTML, not after the script.
  if (page.banner) tags.push(`<link rel="preload" as="image" href="${e(page.banner)}" fetchpriority="high" />`);
  return tags.join('\n    ');
}

function linkTag(link: PublicLink, text: string, className?: string): string {
  const external = link.type === 'external' ? ' target="_blank" rel="noopener noreferrer"' : '';
  return `<a href="${e(link.href)}"${className ? ` class="${className}"` : ''}${external}>${text}</a>`;
}

export function headerOf(account: CapturePagePayload['account'], { m, f }: FanText): string {
  const brandInner = account.headerImage ? `<img src="${e(account.headerImage)}" alt="${e(account.name)}" height="44" />` : `<span>${e(account.name)}</span>`;
  const brand = account.primaryLink ? linkTag(account.primaryLink, brandInner, 'brand') : `<div class="brand">${brandInner}</div>`;
  const links = account.headerLinks.map((link) => `<li>${linkTag(link, e(link.label), link.primary ? 'primary' : undefined)}</li>`).join('');
  const nav = links ? `<nav aria-label="${e(f(m.page.links, { name: account.name }))}"><ul>${links}</ul></nav>` : '';
  return `<header class="bar ${account.lightHeader ? 'bar--light' : 'bar--dark'}">${brand}${nav}</header>`;
}

export function footerOf(account: CapturePagePayload['account'], text: FanText): string {
  const { m } = text;
  const links = account.footerLinks.map((link) => `<li>${linkTag(link, e(link.label))}</li>`).join('');
  const nav = links ? `<nav aria-label="${e(m.page.moreLinks)}"><ul>${links}</ul></nav>` : '';
  const help = account.helpEmail ? ` · <a href="mailto:${e(account.helpEmail)}" data-fan="page.help">${e(m.page.help)}</a>` : '';
  return `<footer>${nav}<div>© ${e(account.name)} · <a href="${e(account.termsUrl)}" data-fan="page.terms">${e(m.page.terms)}</a>${help}</div>${localeSwitch(text)}</footer>`;
}

/**
 * The page's frame, written by the server: the account's bar and links, the banner and the
 * footer are plain HTML that no script replaces (so the banner, the largest paint, is painted
 * once, as soon as it arrives); the script renders the form inside #root, in place of the
 * title and loading line written here.
 */
function shellOf(view: CaptureHtmlView, text: FanText): string {
  const { m } = text;
  if (!view.ok) {
    const heading = view.refusal.reason === 'page-not-found' ? m.page.notFound : m.page.sorry;
    const message = view.refusal.reason ? m.refusal[view.refusal.reason] : view.refusal.message;
    return `<div class="shell"><main id="content"><div id="root"><div class="refusal" role="alert"><h1>${e(heading)}</h1><p>${e(message)}</p></div></div></main></div>`;
  }
  const { account, page } = view.payload;
  const banner = page.banner ? `<img class="banner" src="${e(page.banner)}" alt="" fetchpriority="high" width="1280" height="720" />` : '';
  return (
    `<div class="shell" style="${e(themeCss(brandTheme(account.primaryColor, account.secondaryColor)))}">` +
    `<a class="skip" href="#content" data-fan="page.skip">${e(m.page.skip)}</a>` +
    headerOf(account, text) +
    banner +
    `<main id="content"><div id="root"><h1>${e(page.title)}</h1><p class="loading" role="status"><span class="spinner" aria-hidden="true"></span>${e(m.page.loadingForm)}</p></div></main>` +
    footerOf(account, text) +
    `</div>`
  );
}

/**
 * The built capture.html with the server's part written in: title, social tags and favicon
 * (crawlers read them without running scripts), the first paint, and the page's data as JSON
 * the page's script reads instead of asking the API again (a data block, not a script, so
 * the CSP's script-src 'self' holds).
 */
export function renderCaptureHtml(template: string, view: CaptureHtmlView, baseUrl: string, text: FanText): string {
  const data = `<script type="application/json" id="capture-data">${jsonForScript(view)}</script>`;
  const html = template
    .replace('<!--capture-head-->', () => headOf(view, baseUrl, text))
    .replace('</head>', () => accountStyle(view) + '</head>')
    .replace('<!--capture-shell-->', () => shellOf(view, text) + data);
  return inLanguage(html, text);
}

/**
 * The account's cssOverride, last in the head so it wins over the page's own styles. Cleaned
 * when saved (shared/domain/cssOverride.ts); '<' is escaped here too, so nothing closes the element.
 */
function accountStyle(view: CaptureHtmlView): string {
  const css = view.ok ? view.payload.account.cssOverride : null;
  return css ? `  <style id="account-css">${css.replace(/</g, '\\3c ')}</style>\n  ` : '';
}
