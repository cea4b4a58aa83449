import type { Store } from 'react-admin';
import { bestLocale, isLocale, type Locale } from '#shared/domain/locales';

/** The language of someone who has not chosen one: the browser's best match, else English. */
const browserLocale = (): Locale => bestLocale(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

/** react-admin keeps the current language in its store (useLocaleState reads and writes 'locale'). */
const LOCALE_KEY = 'locale';

/** Before anyone signs in: the language this device last used, else the browser's. */
export function seedLocale(store: Store): void {
  if (!isLocale(store.getItem(LOCALE_KEY))) store.setItem(LOCALE_KEY, browserLocale());
}

/** After signing in: the user's saved language, so every device follows their choice; none saved, the browser's. */
export function followUserLocale(store: Store, saved: string | null | undefined): void {
  store.setItem(LOCALE_KEY, isLocale(saved) ? saved : browserLocale());
}

/**
 * Opening the console while signed in: the language the user saved, when they saved one (perhaps
 * on another device since this one last opened it); none saved, this device's stays.
 */
export function followSavedLocale(store: Store, saved: string | null | undefined): void {
  if (isLocale(saved) && store.getItem(LOCALE_KEY) !== saved) store.setItem(LOCALE_KEY, saved);
}
