import { MIN_FILTER_DATE } from './constants';

/**
 * Days of an account: every stat is counted by the account's local calendar day
 * (its time zone, default UTC), written YYYY-MM-DD. The same code picks the roll-up row of an
 * event on the server and the Yesterday / Last 7 Days / Last 30 Days ranges in the console.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  return format;
}

/** The account's day (YYYY-MM-DD) of an instant. */
export function localDay(instant: Date | string, timeZone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = formatFor(timeZone).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The day n days after (or before, n < 0) a YYYY-MM-DD day. */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** Days from start to end, both included. */
export function dayCount(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86400_000) + 1;
}

/** Every day from start to end, both included. */
export function daysFrom(start: string, end: string): string[] {
  const days: string[] = [];
  const date = new Date(`${start}T00:00:00Z`);
  const two = (n: number) => (n < 10 ? `0${n}` : String(n));
  // Formatted by hand: toISOString per day was most of the cost of a two-year chart.
  for (let day = start; day <= end;) {
    days.push(day);
    date.setUTCDate(date.getUTCDate() + 1);
    day = `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`;
  }
  return days;
}

export const DATE_PRESETS = ['all', 'yesterday', 'last7', 'last30'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** The dates a preset stands for, relative to the account's today ('all': no bounds). */
export function presetRange(preset: DatePreset, today: string): { startDate?: string; endDate?: string } {
  if (preset === 'yesterday') return { startDate: addDays(today, -1), endDate: addDays(today, -1) };
  if (preset === 'last7') return { startDate: addDays(today, -6), endDate: today };
  if (preset === 'last30') return { startDate: addDays(today, -29), endDate: today };
  return {};
}

/**
 * The range the stats cover: the spec's rule (a range whose start is not before today is
 * ignored, section 5) applied with the account's today; an open end is today, an open start
 * the first filterable day.
 */
export function statsRange(input: { startDate?: string; endDate?: string }, today: string): { startDate: string; endDate: string; allTime: boolean } {
  const ignored = !!input.startDate && input.startDate >= today;
  const startDate = ignored ? undefined : input.startDate;
  const endDate = ignored ? undefined : input.endDate;
  return { startDate: startDate ?? MIN_FILTER_DATE, endDate: endDate ?? today, allTime: !startDate };
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(time: number, timeZone: string): number {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clocks.set(timeZone, clock);
  }
  const parts = Object.fromEntries(clock.formatToParts(new Date(time)).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - Math.floor(time / 1000) * 1000;
}

/** The instant (ISO, UTC) the account's day starts: raw events are filtered by these bounds. */
export function startOfDay(day: string, timeZone: string): string {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let time = wall - offsetAt(wall, timeZone);
  time = wall - offsetAt(time, timeZone);
  return new Date(time).toISOString();
}
