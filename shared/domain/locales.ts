/**
 * The languages of the console and of mails to staff. A language is one line here plus its
 * message files (README, "Adding a language"); each name is written in its own language.
 */
export const LOCALE_NAMES = {
  en: 'English',
  fr: 'Français',
} as const;

export type Locale = keyof typeof LOCALE_NAMES;
export const LOCALES = Object.keys(LOCALE_NAMES) as [Locale, ...Locale[]];
export const DEFAULT_LOCALE = 'en' satisfies Locale;

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && value in LOCALE_NAMES;

/**
 * The best of our languages for a browser's preference list (navigator.languages): the first
 * whose language part we have ('fr-CA' is French), else English.
 */
export function bestLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const language = tag.toLowerCase().split('-')[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}
