/** The weekly lesson schedule and days off of a musician (spec platform-admin.md section 2). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A time slot in the musician's timezone, 'HH:mm' 24-hour times, start before end. */
interface TimeSlot {
  start: string;
  end: string;
}

export type WeeklySchedule = Record<Weekday, TimeSlot[]>;

export interface ScheduleOff {
  /** A calendar day, 'yyyy-MM-dd'. */
  scheduledDate: string;
}

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export function emptySchedule(): WeeklySchedule {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as WeeklySchedule;
}

/** Indexes of the slots that overlap an earlier-starting slot of the same day. */
export function overlappingSlots(slots: TimeSlot[]): number[] {
  const order = slots.map((slot, index) => ({ ...slot, index })).sort((a, b) => a.start.localeCompare(b.start));
  const found: number[] = [];
  let latestEnd = '';
  for (const slot of order) {
    if (latestEnd && slot.start < latestEnd) found.push(slot.index);
    if (slot.end > latestEnd) latestEnd = slot.end;
  }
  return found.sort((a, b) => a - b);
}

/** Whether 'yyyy-MM-dd' names a real calendar day (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** 'EEE, MM/dd/yyyy' of a 'yyyy-MM-dd' day, independent of the viewer's timezone. */
export function formatDayOff(value: string): string {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const weekday = DAY_NAMES[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${weekday}, ${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${String(y).padStart(4, '0')}`;
}

/** Days off sorted by date, each day once. */
export function sortDaysOff(days: ScheduleOff[]): ScheduleOff[] {
  const unique = [...new Set(days.map((day) => day.scheduledDate))];
  return unique.sort().map((scheduledDate) => ({ scheduledDate }));
}
