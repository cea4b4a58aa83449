import { MIN_FILTER_DATE, type DATE_RANGES } from './constants';

/**
 * The date range filter of Fan Uploads and Fan Data (spec console.md section 5): All Time,
 * Yesterday, Last 7 Days, Last 30 Days or a custom range from 01/01/2020, typed mm/dd/yy.
 * Dates travel as YYYY-MM-DD UTC days; a range whose start is not before today is ignored.
 */
export type DateRangePreset = (typeof DATE_RANGES)[number];

export interface DateRangeValue {
  startDate?: string;
  endDate?: string;
}

/** YYYY-MM-DD of a UTC day `days` before `now`. */
export function dayBefore(now: Date, days: number): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days));
  return date.toISOString().slice(0, 10);
}

/** The range a preset stands for on the day of `now` (All Time: no bounds). */
export function presetRange(preset: DateRangePreset, now = new Date()): DateRangeValue {
  switch (preset) {
    case 'yesterday':
      return { startDate: dayBefore(now, 1), endDate: dayBefore(now, 1) };
    case 'last7':
      return { startDate: dayBefore(now, 7), endDate: dayBefore(now, 0) };
    case 'last30':
      return { startDate: dayBefore(now, 30), endDate: dayBefore(now, 0) };
    default:
      return {};
  }
}

/** Which preset a range is on the day of `now`, or 'custom'. */
export function presetOf(range: DateRangeValue, now = new Date()): DateRangePreset | 'custom' {
  const presets: DateRangePreset[] = ['all', 'yesterday', 'last7', 'last30'];
  const found = presets.find((preset) => {
    const bounds = presetRange(preset, now);
    return bounds.startDate === range.startDate && bounds.endDate === range.endDate;
  });
  return found ?? 'custom';
}

/** The rule of section 5: a start on or after today makes the whole range ignored. */
export function isIgnoredRange(range: DateRangeValue, now = new Date()): boolean {
  return !!range.startDate && range.startDate >= dayBefore(now, 0);
}

/** mm/dd/yy (as typed) to YYYY-MM-DD, or undefined when it is no real day or before 01/01/2020. */
export function parseShortDate(text: string): string | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [month, day, year] = [Number(match[1]), Number(match[2]), 2000 + Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  const iso = date.toISOString().slice(0, 10);
  return iso >= MIN_FILTER_DATE ? iso : undefined;
}

/** YYYY-MM-DD to mm/dd/yy. */
export function formatShortDate(iso: string | undefined): string {
  if (!iso) return '';
  const [year, month, day] = iso.split('-');
  return `${month}/${day}/${year.slice(2)}`;
}
