import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_LINK_SCHEMES, RICH_TEXT_TAGS, richTextWords } from '#shared/domain/richText';
import { fieldError } from '../errors';
import { escapeHtml } from './html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  // rel and target are the transform's own (below), set on every link whatever came in.
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowProtocolRelative: false,
  // Markup outside the list goes, its text stays; script and style go with their content.
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
};

/** Looks like the editor's HTML (text stored before the editor was plain text with line breaks). */
const isHtml = (text: string) => /^\s*<(p|ul|ol|blockquote)[\s>]/i.test(text);

/** Plain text as the editor's paragraphs: blank lines part paragraphs, single breaks stay <br>. */
function plainToRichText(text: string): string {
  return text
    .split(/\n{2,}/)
    .filter((p) => p.trim())
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * The rich text to store and to answer: only the allow-list of shared/domain/richText.ts, links
 * http(s) or mailto opening apart. Older plain text is turned into paragraphs first.
 */
export function sanitizeRichText(text: string): string {
  return sanitizeHtml(isHtml(text) ? text : plainToRichText(text), OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ', '#160': ' ' };

/** The text version of a rich text (a mail's text part): paragraphs apart, list items on their own lines. */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(sanitizeRichText(html), { allowedTags: ['p', 'br', 'li', 'blockquote'], allowedAttributes: {} })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li>/gi, '- ')
    .replace(/<\/(p|blockquote)>/gi, '\n\n')
    .replace(/<\/li>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp|#160);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The sanitised text of a required field, refused as 'Required' when nothing but markup was left. */
export function requiredRichText(field: string, html: string): string {
  const clean = sanitizeRichText(html);
  if (!richTextWords(clean)) throw fieldError(field, 'app.validation.required');
  return clean;
}
