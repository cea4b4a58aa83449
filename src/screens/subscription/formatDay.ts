import { i18nProvider } from '../../i18n';
import { formatters } from '../../i18n/format';

/** A day as the subscription screens show it ('December 23, 2026', '23 décembre 2026'). */
export const formatDay = (iso: string) => formatters(i18nProvider.getLocale()).longDate(iso);
