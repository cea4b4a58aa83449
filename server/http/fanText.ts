import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FanMessages } from '#shared/i18n/fan/en';
import { FAN_MESSAGES } from '#shared/i18n/fan/all';
import { fill, plural } from '#shared/i18n/fan/format';
import { acceptedLanguages, chooseFanLocale, FAN_LANGUAGES, FAN_LOCALE_PARAM, FAN_LOCALES, type FanLocale } from '#shared/i18n/fan/locales';
import { escapeHtml as e, jsonForScript } from './html';

/** The fan's language as the server writes pages and mails in it. */
export interface FanText {
  locale: FanLocale;
  m: FanMessages;
  f: (template: string, args?: Record<string, string | number>) => string;
  plural: (forms: { one: string; other: string }, count: number) => string;
}

/** The texts of a fan language; anything else recorded (or nothing) reads as the default language. */
export function fanTextFor(recorded: string | undefined): FanText {
  const locale = chooseFanLocale(recorded, []);
  return {
    locale,
    m: FAN_MESSAGES[locale],
    f: (template, args) => fill(locale, template, args),
    plural: (forms, count) => plural(locale, forms, count),
  };
}

/**
 * The language of a fan's request: a link's `?lang=xx` when it is one of ours, else Accept-Language's
 * best match, else English. The fan's own remembered choice lives in the page's localStorage, which
 * the page's script applies (src/capture/fanText.tsx).
 */
export function fanLocaleOf(request: FastifyRequest): FanLocale {
  const asked = (request.query as Record<string, unknown> | undefined)?.[FAN_LOCALE_PARAM];
  return chooseFanLocale(typeof asked === 'string' ? asked : undefined, acceptedLanguages(request.headers['accept-language']));
}

/** The day a clip was sent, as the fan's language writes it. */
export const fanDate = (locale: string, iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** Pages written in the request's language differ by this header (and by their URL): a cache keeps one per language. */
export const varyByLanguage = (reply: FastifyReply) => reply.header('vary', 'Accept-Language');

/**
 * The template's `<html lang>` in the fan's language, and that language's strings as a data block
 * the page's script starts from (so it loads no language chunk for the language it was written in).
 */
export function inLanguage(html: string, text: FanText): string {
  const data = `<script type="application/json" id="fan-text">${jsonForScript({ locale: text.locale, messages: text.m })}</script>`;
  return html.replace(/<html lang="[^"]*">/, `<html lang="${text.locale}">`).replace('</body>', () => `${data}\n  </body>`);
}

/** The labelled language switch (each language in its own name); the page's script makes it work and remembers it. */
export function localeSwitch(text: FanText): string {
  const options = FAN_LOCALES.map(
    (locale) => `<option value="${locale}" lang="${locale}"${locale === text.locale ? ' selected' : ''}>${e(FAN_LANGUAGES[locale].name)}</option>`,
  ).join('');
  return `<div class="lang"><label for="fan-locale" data-fan="language">${e(text.m.language)}</label><select id="fan-locale">${options}</select></div>`;
}
