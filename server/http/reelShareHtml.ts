import { REEL_SHAPES } from '#shared/domain/reels';
import { absolute } from './captureHtml';
import { escapeHtml as e } from './html';
import { fill } from './shareHtml';
import { imageTags, socialTags, videoTags } from './headTags';
import type { FanText } from './fanText';

/** A shared reel as its public page shows it: signed addresses of its videos and poster. */
export interface ReelShareView {
  name: string;
  accountName: string;
  favicon: string | null;
  /** The page's own address (/r/{token}). */
  address: string;
  landscape: string;
  vertical: string;
  poster: string | null;
}

function reelHead(view: ReelShareView, baseUrl: string, { m, f }: FanText): string {
  const title = `${view.name} | ${view.accountName}`;
  const description = f(m.share.videoOn, { account: view.accountName });
  const video = absolute(view.landscape, baseUrl);
  const { width, height } = REEL_SHAPES.landscape;
  const tags = [
    ...socialTags({ title, description, favicon: view.favicon, address: view.address, siteName: view.accountName }),
    ...videoTags(video, width, height),
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${e(title)}" />`,
  ];
  if (view.poster) tags.push(...imageTags(absolute(view.poster, baseUrl)));
  return tags.join('\n    ');
}

/**
 * A reel's share page /r/{token}, in the capture page's template: its name and account, and the
 * reel playing (9:16 on a phone held upright, 16:9 elsewhere), with the Open Graph video tags
 * messaging apps read.
 */
export function renderReelShareHtml(template: string, view: ReelShareView, baseUrl: string, text: FanText): string {
  const poster = view.poster ? ` poster="${e(view.poster)}"` : '';
  const media =
    `<video class="share-media" id="share-video" controls playsinline preload="metadata"${poster} aria-label="${e(view.name)}">` +
    `<source src="${e(view.vertical)}" type="video/mp4" media="(orientation: portrait) and (max-width: 600px)" />` +
    `<source src="${e(view.landscape)}" type="video/mp4" />` +
    `</video>`;
  const body =
    `<div class="shell"><main id="content" class="share"><h1>${e(view.name)}</h1><p>${e(view.accountName)}</p>${media}</main></div>` +
    `<script type="application/json" id="public-data">{"kind":"none"}</script>`;
  return fill(template, reelHead(view, baseUrl, text), body, text);
}
