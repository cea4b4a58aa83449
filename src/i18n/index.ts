import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { DEFAULT_LOCALE, LOCALE_NAMES } from '#shared/domain/locales';
import en from './en';

/**
 * Every language of LOCALE_NAMES but English, from its file here (`src/i18n/fr.ts`), loaded the
 * first time it is chosen (its own chunk). tests/unit/i18nFr.test.ts checks each one has its file.
 */
export const LOADERS = import.meta.glob<TranslationMessages>(['./[a-z][a-z].ts', '!./en.ts'], { import: 'default' });

const messagesOf = (locale: string): TranslationMessages | Promise<TranslationMessages> => LOADERS[`./${locale}.ts`]?.() ?? en;

const polyglot = polyglotI18nProvider(
  messagesOf,
  DEFAULT_LOCALE,
  Object.entries(LOCALE_NAMES).map(([locale, name]) => ({ locale, name })),
  { allowMissing: true },
);

/** The page's `lang` follows the console's, so screen readers speak French words as French. */
export const i18nProvider: I18nProvider = {
  ...polyglot,
  changeLocale: async (locale, options) => {
    await polyglot.changeLocale(locale, options);
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
  },
};
