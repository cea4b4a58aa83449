import { describe, expect, it } from 'vitest';
import { toDisplayDate, isIgnoredRange, fromDisplayDate, presetOf, presetRange } from '../../src/domain/dateRange';

const now = new Date('2026-03-01T15:00:00.000Z');

describe('date range filter (spec console.md section 5)', () => {
  it('turns presets into UTC day ranges, and a range back into its preset', () => {
    expect(presetRange('all', now)).toEqual({});
    expect(presetRange('yesterday', now)).toEqual({ startDate: '2026-02-28', endDate: '2026-02-28' });
    expect(presetRange('last7', now)).toEqual({ startDate: '2026-02-22', endDate: '2026-03-01' });
    expect(presetRange('last30', now)).toEqual({ startDate: '2026-01-30', endDate: '2026-03-01' });
    expect(presetOf({ startDate: '2026-02-22', endDate: '2026-03-01' }, now)).toBe('last7');
    expect(presetOf({}, now)).toBe('all');
    expect(presetOf({ startDate: '2024-01-01' }, now)).toBe('custom');
  });

  it('reads mm/dd/yy from 01/01/2020 and refuses days that do not exist', () => {
    expect(fromDisplayDate('05/01/24')).toBe('2024-05-01');
    expect(fromDisplayDate('1/1/20')).toBe('2020-01-01');
    expect(fromDisplayDate('12/31/19')).toBeUndefined();
    expect(fromDisplayDate('02/30/24')).toBeUndefined();
    expect(fromDisplayDate('2024-05-01')).toBeUndefined();
    expect(toDisplayDate('2024-05-01')).toBe('05/01/24');
  });

  it('ignores a range whose start is not before today', () => {
    expect(isIgnoredRange({ startDate: '2026-03-01' }, now)).toBe(true);
    expect(isIgnoredRange({ startDate: '2026-04-01', endDate: '2026-04-02' }, now)).toBe(true);
    expect(isIgnoredRange({ startDate: '2026-02-28' }, now)).toBe(false);
    expect(isIgnoredRange({ endDate: '2026-03-05' }, now)).toBe(false);
  });
});
