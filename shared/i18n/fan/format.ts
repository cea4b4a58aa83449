import type { FanLocale } from './locales';

/** `%{name}` replaced by its argument (numbers in the fan's locale). */
export function fill(locale: FanLocale, template: string, args: Record<string, string | number> = {}): string {
  return template.replace(/%\{(\w+)\}/g, (whole, name: string) => {
    const value = args[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : value;
  });
}

/** The form of a count for the locale's plural rule ('one' or 'other'), filled with the count. */
export function plural(locale: FanLocale, forms: { one: string; other: string }, count: number): string {
  const form = new Intl.PluralRules(locale).select(count) === 'one' ? forms.one : forms.other;
  return fill(locale, form, { count });
}

/** A whole percentage in the locale's way (50 %, 50%). */
export const percent = (locale: FanLocale, whole: number): string =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(whole / 100);

/** A file size limit in the locale's words and decimal mark: "2 GB" / "25 MB", in French "2 Go" / "25 Mo". */
export function sizeText(locale: FanLocale, bytes: number): string {
  const gb = bytes / (1024 * 1024 * 1024);
  const unit = (value: number, name: 'gigabyte' | 'megabyte') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
  return gb >= 1 ? unit(gb, 'gigabyte') : unit(bytes / (1024 * 1024), 'megabyte');
}
