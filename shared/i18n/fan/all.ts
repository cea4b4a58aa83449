import type { FanMessages } from './en';
import { FAN_LOCALES, loadFanMessages, type FanLocale } from './locales';

/** Every language at once, for the server (html and mails); the capture page loads only its own. */
export const FAN_MESSAGES = Object.fromEntries(
  await Promise.all(FAN_LOCALES.map(async (locale) => [locale, await loadFanMessages(locale)] as const)),
) as Record<FanLocale, FanMessages>;
