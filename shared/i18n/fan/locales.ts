import type { FanMessages } from './en';

/**
 * The languages of the fan side (capture page, wall, share and embed pages, fan mails) and how
 * one is chosen: a remembered choice first, else the best match of the browser's languages
 * (`navigator.languages` or `Accept-Language`; es-MX is es, pt-BR is pt), else English.
 */
interface FanLanguage {
  /** In its own language: the page's language switch. */
  name: string;
  /** Open Graph's locale (language_TERRITORY): the social tags. */
  og: string;
  /** Its strings, in their own chunk: the capture page loads only the language it shows. */
  messages: () => Promise<{ default: FanMessages }>;
}

/** Adding a language: its file beside en.ts (`const xx: FanMessages = ...`) and one line here. */
export const FAN_LANGUAGES = {
  en: { name: 'English', og: 'en_US', messages: () => import('./en') },
  fr: { name: 'Français', og: 'fr_FR', messages: () => import('./fr') },
  es: { name: 'Español', og: 'es_ES', messages: () => import('./es') },
  de: { name: 'Deutsch', og: 'de_DE', messages: () => import('./de') },
  pt: { name: 'Português', og: 'pt_BR', messages: () => import('./pt') },
} as const satisfies Record<string, FanLanguage>;
export type FanLocale = keyof typeof FAN_LANGUAGES;
export const FAN_LOCALES = Object.keys(FAN_LANGUAGES) as FanLocale[];
export const DEFAULT_FAN_LOCALE: FanLocale = 'en';

/** Where the fan's choice is remembered: this browser's localStorage only (no cookie on the fan side). */
export const FAN_LOCALE_STORAGE_KEY = 'fan.locale';
/** The query parameter a shared link may carry to ask for a language (`/p/band/page?lang=de`). */
export const FAN_LOCALE_PARAM = 'lang';

export const isFanLocale = (value: unknown): value is FanLocale => typeof value === 'string' && Object.hasOwn(FAN_LANGUAGES, value);

/** The first of the browser's languages (most wanted first) that we speak, by its primary subtag. */
export function bestFanLocale(preferred: readonly string[]): FanLocale | undefined {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isFanLocale(primary)) return primary;
  }
  return undefined;
}

/** An Accept-Language header's tags, most wanted first (q=0 and `*` dropped). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/** The fan's language: the remembered choice when it is one of ours, else the best match, else English. */
export function chooseFanLocale(remembered: string | null | undefined, preferred: readonly string[]): FanLocale {
  if (isFanLocale(remembered)) return remembered;
  return bestFanLocale(preferred) ?? DEFAULT_FAN_LOCALE;
}

/** One language's strings (its own chunk on the capture page). */
export const loadFanMessages = async (locale: FanLocale): Promise<FanMessages> => (await FAN_LANGUAGES[locale].messages()).default;
