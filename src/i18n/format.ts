import { useLocaleState } from 'react-admin';
import type { DayOrder } from '#shared/domain/dateRange';
import { countryName } from '#shared/domain/regions';

/** English dates as the spec writes them (mm/dd/yy); other languages in their own order. */
export const intlTag = (locale: string) => (locale === 'en' ? 'en-US' : locale);

/**
 * Numbers and dates in the console's language. Dates of the API are UTC ISO instants shown in
 * the viewer's time zone; `day` takes a YYYY-MM-DD day (Insights' series) and shows it as such.
 */
export function formatters(locale: string): Formatters {
  return (cache[locale] ??= make(locale));
}

const DAY_PARTS: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = { year: 'y', month: 'm', day: 'd' };

function make(locale: string) {
  const tag = intlTag(locale);
  const whole = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  const fractional = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const shortDay = new Intl.DateTimeFormat(tag, { year: '2-digit', month: '2-digit', day: '2-digit', timeZone: 'UTC' });
  const percent = (digits: number) =>
    new Intl.NumberFormat(tag, { style: 'percent', signDisplay: 'exceptZero', minimumFractionDigits: digits, maximumFractionDigits: digits });
  const [wholePercent, fractionalPercent] = [percent(0), percent(2)];
  const number = (value: number) => (Number.isInteger(value) ? whole.format(value) : fractional.format(value));
  const dayOrder = shortDay
    .formatToParts(new Date(0))
    .map((part) => DAY_PARTS[part.type] ?? '')
    .join('') as DayOrder;
  return {
    locale,
    /** The BCP 47 tag for Intl and react-admin's fields' `locales`. */
    tag,
    /** Thousands separators; two decimals when fractional. */
    number,
    /** A change given in percent, with its sign: +12.50%, -3%, 0% (+12,50 % in French). */
    change: (value: number) => (Number.isInteger(value) ? wholePercent : fractionalPercent).format(value / 100),
    day: (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`)),
    /** The order days are typed and shown in: 'mdy' in English (mm/dd/yy), 'dmy' in French. */
    dayOrder,
    date: (iso: string) => new Date(iso).toLocaleDateString(tag),
    dateTime: (iso: string) => new Date(iso).toLocaleString(tag),
    /** 'December 23, 2026', '23 décembre 2026'. */
    longDate: (iso: string) => new Date(iso).toLocaleDateString(tag, { year: 'numeric', month: 'long', day: 'numeric' }),
    country: (code: string) => countryName(code, locale),
  };
}

type Formatters = ReturnType<typeof make>;

const cache: Record<string, Formatters> = {};

/** The formatters of the current language (they change when the user switches language). */
export function useFormat(): Formatters {
  const [locale] = useLocaleState();
  return formatters(locale);
}
