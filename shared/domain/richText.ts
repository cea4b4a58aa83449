import { z } from 'zod';
import { M, requiredOrInvalid } from './schemas/common';

/**
 * The rich-text fields the spec leaves free (a musician's bio, a platform admin's message to a
 * user): HTML from react-admin's RichTextInput. The server keeps only this allow-list
 * (server/http/richText.ts, sanitize-html) before storing or answering it; the console's
 * editor offers nothing beyond it, so what is typed survives unchanged.
 */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'u', 's', 'code', 'a', 'ul', 'ol', 'li', 'blockquote'] as const;
export const RICH_TEXT_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;
/** Spec console.md 9: 'Editor default height 300'. */
export const EDITOR_HEIGHT = 300;

// eslint-disable-next-line no-control-regex -- NUL and other control characters break storage and mail
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** The words of an HTML text, without its markup: '<p></p>' (an emptied editor) has none. */
export function richTextWords(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A required rich text of at most `max` characters of HTML; an editor holding no words is 'Required'. */
export const richTextField = (max: number) =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .max(max, M.tooLong)
    .refine((html) => !CONTROL.test(html), M.controlCharacters)
    .refine((html) => richTextWords(html) !== '', M.required);
