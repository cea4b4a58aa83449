import { DATE_RANGES } from './constants';

/**
 * The date range filter of Fan Uploads, Fan Data and Insights (spec console.md sections 2, 5, 9):
 * All Time, Yesterday, Last 7 Days, Last 30 Days, or a custom range from 01/01/2020 shown as
 * mm/dd/yy in English, dd/mm/yy in French (toDisplayDate). Days are UTC calendar days written YYYY-MM-DD (what the API takes). A range whose
 * start is not before today is ignored: the console drops it from the query and the server
 * applies the same rule (effectiveDateRange).
 */
type DateRangePreset = (typeof DATE_RANGES)[number];

export interface DateRangeValue {
  startDate?: string;
  endDate?: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

function daysBefore(now: Date, days: number): string {
  const date = new Date(now.getTime());
  date.setUTCDate(date.getUTCDate() - days);
  return day(date);
}

const todayOf = (now = new Date()) => day(now);

/** The days of a preset; All Time is no range. */
export function presetRange(preset: DateRangePreset, now = new Date()): DateRangeValue {
  switch (preset) {
    case 'yesterday':
      return { startDate: daysBefore(now, 1), endDate: daysBefore(now, 1) };
    case 'last7':
      return { startDate: daysBefore(now, 7), endDate: daysBefore(now, 1) };
    case 'last30':
      return { startDate: daysBefore(now, 30), endDate: daysBefore(now, 1) };
    default:
      return {};
  }
}

/** Which preset a range is, or 'custom'. */
export function presetOf(range: DateRangeValue, now = new Date()): DateRangePreset | 'custom' {
  if (!range.startDate && !range.endDate) return 'all';
  const found = DATE_RANGES.find((preset) => {
    const bounds = presetRange(preset, now);
    return bounds.startDate === range.startDate && bounds.endDate === range.endDate;
  });
  return found ?? 'custom';
}

/** The rule of section 5: a range whose start is not before today is ignored. */
export function isIgnoredRange(range: DateRangeValue, now = new Date()): boolean {
  return Boolean(range.startDate && range.startDate >= todayOf(now));
}

/** Bounds of a query as timestamps: start inclusive, end exclusive (the day after the end day). */
export interface DateBounds {
  startDate?: string;
  endDate?: string;
}

/** The server's reading of a range: ignored when its start is not before today, end day included. */
export function effectiveDateRange(range: DateRangeValue, now = new Date()): DateBounds {
  if (isIgnoredRange(range, now)) return {};
  const bounds: DateBounds = {};
  if (range.startDate) bounds.startDate = `${range.startDate}T00:00:00.000Z`;
  if (range.endDate) {
    const next = new Date(`${range.endDate}T00:00:00.000Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    bounds.endDate = next.toISOString();
  }
  return bounds;
}

/**
 * The order a language writes a day's parts in: 'mdy' in English (mm/dd/yy, as the spec writes
 * it), 'dmy' in French (jj/mm/aa). The console reads it from Intl (src/i18n/format.ts).
 */
export type DayOrder = 'mdy' | 'dmy' | 'ymd';

/** YYYY-MM-DD as the console shows it in a language's order: mm/dd/yy, dd/mm/yy... */
export function toDisplayDate(value: string | undefined, order: DayOrder = 'mdy'): string {
  const match = value?.match(/^\d{2}(\d{2})-(\d{2})-(\d{2})$/);
  if (!match) return '';
  const parts = { y: match[1]!, m: match[2]!, d: match[3]! };
  return [...order].map((part) => parts[part as keyof typeof parts]).join('/');
}

/**
 * A day typed in a language's order (two or four digits of year; parts split by '/', '.' or
 * '-') as YYYY-MM-DD; undefined when it is not a real day. 05/03/2026 is May 3rd in English and
 * March 5th in French.
 */
export function fromDisplayDate(value: string, order: DayOrder = 'mdy'): string | undefined {
  const typed = value.trim().split(/[/.-]/);
  if (typed.length !== 3) return undefined;
  const parts: Record<string, string> = {};
  [...order].forEach((part, index) => (parts[part] = typed[index]!));
  const { y, m, d } = parts as { y: string; m: string; d: string };
  if (!/^\d{1,2}$/.test(m) || !/^\d{1,2}$/.test(d) || !/^(\d{2}|\d{4})$/.test(y)) return undefined;
  const iso = `${y.length === 2 ? `20${y}` : y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && day(date) === iso ? iso : undefined;
}
