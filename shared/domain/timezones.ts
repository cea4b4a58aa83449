/**
 * IANA time zones for a musician's lesson schedule: the runtime's own list (the same ICU data
 * Node and Chromium use) plus UTC, which Intl lists only under its region names.
 */
export const TIMEZONES: readonly string[] = Object.freeze([...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])].sort());

const known = new Set(TIMEZONES);

/** In the list, or an alias of an entry (ICU versions differ: Asia/Kolkata vs Asia/Calcutta). */
export function isTimezone(value: string): boolean {
  if (known.has(value)) return true;
  if (!value.includes('/')) return false;
  try {
    return known.has(new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}
