import type { FanMessages } from './en';
import type { FanLocale } from './locales';

/** One chunk per language: the capture page loads only the one it shows. */
const LOADERS: Record<FanLocale, () => Promise<{ default: FanMessages }>> = {
  en: () => import('./en'),
  fr: () => import('./fr'),
  es: () => import('./es'),
  de: () => import('./de'),
  pt: () => import('./pt'),
};

export const loadFanMessages = async (locale: FanLocale): Promise<FanMessages> => (await LOADERS[locale]()).default;
