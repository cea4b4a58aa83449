import { brandTheme, themeCss } from '#shared/domain/brandColors';
import type { CapturePagePayload } from '#shared/domain/schemas/capture';
import { escapeHtml as e } from './html';
import type { FanText } from './fanText';
import { dataBlock, fill } from './shareHtml';

/**
 * The venue screen's frame, in the capture page's template (its script then plays the uploads in
 * the stage): full screen at 16:9 or 9:16, the account's colours and logo, the page's call to
 * action and a QR code to the capture page with its short address. Sizes follow the smaller side of
 * the screen, so one layout reads from the back of a hall on a projector or an LED wall.
 */
const SCREEN_CSS = `
  body { background: #000; }
  .screen { position: fixed; inset: 0; display: grid; grid-template-columns: 1fr 32vw; background: #000; color: #fff; overflow: hidden; padding: 0; cursor: none; }
  .screen-stage { position: relative; display: grid; place-items: center; min-width: 0; min-height: 0; overflow: hidden; }
  .screen-stage video, .screen-stage > img { width: 100%; height: 100%; object-fit: contain; max-width: none; }
  .screen-grid { list-style: none; margin: 0; display: grid; grid-template-columns: 1fr 1fr; grid-auto-rows: 1fr; gap: 1vmin; width: 100%; height: 100%; padding: 1vmin; }
  .screen-grid li { min-height: 0; }
  .screen-grid img { width: 100%; height: 100%; object-fit: cover; border-radius: 1vmin; }
  .screen-empty { font-size: 4vmin; padding: 6vmin; text-align: center; max-width: 32ch; margin: 0; }
  .screen-side { background: var(--primary); color: var(--on-primary); display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 3vmin; padding: 4vmin 3vmin; text-align: center; min-width: 0; }
  .screen-logo img { max-height: 11vmin; width: auto; }
  .screen-logo span { font-size: 4.5vmin; font-weight: 800; }
  .screen h1 { font-size: 5vmin; line-height: 1.1; margin: 0; overflow-wrap: anywhere; }
  .screen-qr { margin: 0; background: #fff; padding: 1.2vmin; border-radius: 2vmin; width: min(100%, 46vmin); }
  .screen-qr svg { display: block; width: 100%; height: auto; }
  .screen-scan { font-size: 3vmin; font-weight: 600; margin: 0; }
  .screen-address { font-size: 3.4vmin; font-weight: 800; margin: 0; overflow-wrap: anywhere; }
  @media (orientation: portrait) {
    .screen { grid-template-columns: 1fr; grid-template-rows: 1fr auto; }
    .screen-side { display: grid; grid-template-columns: 1fr 34vmin; grid-template-areas: 'logo qr' 'cta qr' 'scan qr' 'address qr'; justify-items: start; text-align: start; gap: 1.5vmin 4vmin; }
    .screen-logo { grid-area: logo; } .screen h1 { grid-area: cta; } .screen-scan { grid-area: scan; } .screen-address { grid-area: address; }
    .screen-qr { grid-area: qr; width: 34vmin; align-self: center; }
  }`;

export interface ScreenFrame {
  payload: CapturePagePayload;
  /** The capture page's address as a QR code (SVG, drawn by the server so the screen's script needs no QR code of its own). */
  qrSvg: string;
  token: string;
}

/** The address without its scheme, as people type it. */
const shortAddress = (address: string) => address.replace(/^https?:\/\//, '');

export function renderScreenHtml(template: string, { payload, qrSvg, token }: ScreenFrame, text: FanText): string {
  const { account, page } = payload;
  const { m } = text;
  const head =
    `<title>${e(`${page.title} | ${account.name}`)}</title>\n    <meta name="robots" content="noindex" />\n    <meta name="referrer" content="no-referrer" />\n` +
    `    <link rel="icon" href="${e(account.favicon ?? 'data:,')}" />\n    <style>${SCREEN_CSS}</style>`;
  const logo = account.headerImage ? `<img src="${e(account.headerImage)}" alt="${e(account.name)}" />` : `<span>${e(account.name)}</span>`;
  const body =
    `<main id="content" class="screen" style="${e(themeCss(brandTheme(account.primaryColor, account.secondaryColor)))}">` +
    `<section class="screen-stage" id="screen-stage" aria-label="${e(m.screen.media)}"><p class="screen-empty">${e(m.screen.empty)}</p></section>` +
    `<aside class="screen-side">` +
    `<div class="screen-logo">${logo}</div>` +
    `<h1>${e(page.title)}</h1>` +
    `<figure class="screen-qr" role="img" aria-label="${e(`${m.screen.scan}: ${shortAddress(page.address)}`)}" id="screen-qr">${qrSvg}</figure>` +
    `<p class="screen-scan">${e(m.screen.scan)}</p>` +
    `<p class="screen-address">${e(shortAddress(page.address))}</p>` +
    `</aside></main>` +
    dataBlock({ kind: 'screen', accountSlug: account.slug, pageSlug: page.slug, token });
  return fill(template, head, body, text);
}
