import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { DEFAULT_LOCALE, LOCALE_NAMES, type Locale } from '#shared/domain/locales';
import en from './en';

/** Every language but English, loaded the first time it is chosen (its own chunk): one line each. */
const LOADERS: Record<Exclude<Locale, typeof DEFAULT_LOCALE>, () => Promise<TranslationMessages>> = {
  fr: () => import('./fr').then((module) => module.default),
};

const messagesOf = (locale: string): TranslationMessages | Promise<TranslationMessages> =>
  locale in LOADERS ? LOADERS[locale as keyof typeof LOADERS]() : en;

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
