import { describe, expect, it } from 'vitest';
import { addDays, dayCount, localDay, presetRange, startOfDay, statsRange } from '#shared/domain/statsDays';

describe("an account's days", () => {
  it('puts an instant on the local day of the time zone', () => {
    expect(localDay('2026-01-10T04:30:00.000Z', 'America/New_York')).toBe('2026-01-09');
    expect(localDay('2026-01-10T05:30:00.000Z', 'America/New_York')).toBe('2026-01-10');
    expect(localDay('2026-01-09T23:30:00.000Z', 'Asia/Tokyo')).toBe('2026-01-10');
    expect(localDay('2026-01-09T23:30:00.000Z', 'UTC')).toBe('2026-01-09');
  });

  it('finds the instant a local day starts, across daylight saving changes', () => {
    expect(startOfDay('2026-01-10', 'America/New_York')).toBe('2026-01-10T05:00:00.000Z');
    expect(startOfDay('2026-07-10', 'America/New_York')).toBe('2026-07-10T04:00:00.000Z');
    expect(startOfDay('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/New_York')).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfDay('2026-01-10', 'UTC')).toBe('2026-01-10T00:00:00.000Z');
  });

  it('names the preset ranges from today', () => {
    expect(presetRange('yesterday', '2026-03-01')).toEqual({ startDate: '2026-02-28', endDate: '2026-02-28' });
    expect(presetRange('last7', '2026-03-01')).toEqual({ startDate: '2026-02-23', endDate: '2026-03-01' });
    expect(dayCount(presetRange('last30', '2026-03-01').startDate!, '2026-03-01')).toBe(30);
    expect(presetRange('all', '2026-03-01')).toEqual({});
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('ignores a range whose start is not before today', () => {
    expect(statsRange({ startDate: '2026-03-01', endDate: '2026-03-05' }, '2026-03-01')).toEqual({
      startDate: '2020-01-01',
      endDate: '2026-03-01',
      allTime: true,
    });
    expect(statsRange({ startDate: '2026-02-01' }, '2026-03-01')).toEqual({ startDate: '2026-02-01', endDate: '2026-03-01', allTime: false });
  });
});
