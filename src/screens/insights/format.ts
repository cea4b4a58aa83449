import { i18nProvider } from '../../i18n';
import { formatters } from '../../i18n/format';

/**
 * Numbers, days and countries on the Insights home in the console's language, read when drawn
 * (the map binds its tooltips outside React; a change of language redraws every screen).
 */
const current = () => formatters(i18nProvider.getLocale());

export const formatNumber = (value: number): string => current().number(value);

/** A change in percent with its sign: +12.50%, -3%, 0%. */
export const formatChange = (value: number): string => current().change(value);

/** A YYYY-MM-DD day: mm/dd/yy in English (spec section 5), dd/mm/yy in French. */
export const formatDay = (day: string): string => current().day(day);

/** A country's name in the console's language from its ISO alpha-2 code. */
export const countryName = (code: string): string => current().country(code);
