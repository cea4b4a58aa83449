import en, { type FanMessages } from './en';
import fr from './fr';
import es from './es';
import de from './de';
import pt from './pt';
import type { FanLocale } from './locales';

/** Every language at once, for the server (html and mails); the capture page uses load.ts. */
export const FAN_MESSAGES: Record<FanLocale, FanMessages> = { en, fr, es, de, pt };
