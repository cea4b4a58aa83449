import { escapeHtml as e } from './html';

/** The tags a public page's head is written from, for browsers, search engines and the link previews of messaging apps. */

interface TaggedPage {
  title: string;
  description: string;
  favicon: string | null;
  address: string;
  siteName: string;
}

/** What a browser and a search engine read: the title, the description and the icon. */
export const pageTags = (page: Pick<TaggedPage, 'title' | 'description' | 'favicon'>): string[] => [
  `<title>${e(page.title)}</title>`,
  `<meta name="description" content="${e(page.description)}" />`,
  `<link rel="icon" href="${e(page.favicon ?? 'data:,')}" />`,
];

/** The head of a page search engines should leave out (a refusal, a frame for an iframe): its title and icon. */
export const unlistedHead = (title: string, favicon: string | null = null): string =>
  `<title>${e(title)}</title>\n    <meta name="robots" content="noindex" />\n    <link rel="icon" href="${e(favicon ?? 'data:,')}" />`;

/** The Open Graph tags naming the page. */
export const openGraphTags = (page: Pick<TaggedPage, 'title' | 'description' | 'address' | 'siteName'>): string[] => [
  `<meta property="og:site_name" content="${e(page.siteName)}" />`,
  `<meta property="og:title" content="${e(page.title)}" />`,
  `<meta property="og:description" content="${e(page.description)}" />`,
  `<meta property="og:url" content="${e(page.address)}" />`,
];

/** The head tags every share page starts with: title, description, icon, and the Open Graph ones naming the page. */
export const socialTags = (page: TaggedPage): string[] => [...pageTags(page), `<link rel="canonical" href="${e(page.address)}" />`, ...openGraphTags(page)];

/** The picture a link preview shows, for Open Graph and Twitter alike (an absolute address). */
export const imageTags = (image: string): string[] => [
  `<meta property="og:image" content="${e(image)}" />`,
  `<meta name="twitter:image" content="${e(image)}" />`,
];

/** Open Graph's video tags for an mp4 (secure_url only when it is https). */
export const videoTags = (video: string, width: number, height: number): string[] => [
  `<meta property="og:type" content="video.other" />`,
  `<meta property="og:video" content="${e(video)}" />`,
  `<meta property="og:video:url" content="${e(video)}" />`,
  ...(video.startsWith('https:') ? [`<meta property="og:video:secure_url" content="${e(video)}" />`] : []),
  `<meta property="og:video:type" content="video/mp4" />`,
  `<meta property="og:video:width" content="${width}" />`,
  `<meta property="og:video:height" content="${height}" />`,
];
