import { describe, expect, it } from 'vitest';
import { effectiveDateRange, fromDisplayDate, isIgnoredRange, presetOf, presetRange, toDisplayDate } from '#shared/domain/dateRange';
import { cappedCountLabel, pagerItems } from '#shared/domain/pager';
import { badgesOf, formatDuration } from '../../src/resources/uploads/uploadRecord';
import { parseTags } from '../../src/resources/uploads/BulkBar';
import type { UploadCard } from '#shared/domain/schemas/uploads';

const now = new Date('2026-11-23T15:00:00.000Z');

describe('date range filter (spec console.md sections 2, 5)', () => {
  it('turns the presets into days ending yesterday, and reads them back', () => {
    expect(presetRange('all', now)).toEqual({});
    expect(presetRange('yesterday', now)).toEqual({ startDate: '2026-11-22', endDate: '2026-11-22' });
    expect(presetRange('last7', now)).toEqual({ startDate: '2026-11-16', endDate: '2026-11-22' });
    expect(presetRange('last30', now)).toEqual({ startDate: '2026-10-24', endDate: '2026-11-22' });
    expect(presetOf(presetRange('last30', now), now)).toBe('last30');
    expect(presetOf({ startDate: '2026-01-01' }, now)).toBe('custom');
  });

  it('ignores a range whose start is not before today, on both sides', () => {
    expect(isIgnoredRange({ startDate: '2026-11-23' }, now)).toBe(true);
    expect(isIgnoredRange({ startDate: '2026-11-22' }, now)).toBe(false);
    expect(effectiveDateRange({ startDate: '2026-11-23' }, now)).toEqual({});
    expect(effectiveDateRange({ startDate: '2026-11-01', endDate: '2026-11-02' }, now)).toEqual({
      startDate: '2026-11-01T00:00:00.000Z',
      endDate: '2026-11-03T00:00:00.000Z',
    });
  });

  it('shows days as mm/dd/yy and reads typed ones, refusing days that do not exist', () => {
    expect(toDisplayDate('2020-01-01')).toBe('01/01/20');
    expect(fromDisplayDate('01/01/20')).toBe('2020-01-01');
    expect(fromDisplayDate('2/29/24')).toBe('2024-02-29');
    expect(fromDisplayDate('02/30/24')).toBeUndefined();
    expect(fromDisplayDate('2024-01-01')).toBeUndefined();
  });
});

describe('a capped count', () => {
  it('reads the number with separators below the cap and the cap with a plus from it', () => {
    expect(cappedCountLabel(0, 1000)).toBe('0');
    expect(cappedCountLabel(999, 1000)).toBe('999');
    expect(cappedCountLabel(1000, 1000)).toBe('1,000+');
    expect(cappedCountLabel(1200, 1000)).toBe('1,000+');
  });
});

describe('grid pager (spec console.md section 9)', () => {
  it('shows at most 5 page numbers, with ellipses where pages are left out', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(1, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(1, 10)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis']);
    expect(pagerItems(6, 10)).toEqual(['start-ellipsis', 4, 5, 6, 7, 8, 'end-ellipsis']);
    expect(pagerItems(10, 10)).toEqual(['start-ellipsis', 6, 7, 8, 9, 10]);
    for (let page = 1; page <= 30; page++) expect(pagerItems(page, 30).filter((item) => typeof item === 'number').length).toBe(5);
  });

  it('ends with an ellipsis, and no number past the known pages, when the total is capped', () => {
    expect(pagerItems(1, 3, true)).toEqual([1, 2, 3, 'end-ellipsis']);
    expect(pagerItems(42, 42, true)).toEqual(['start-ellipsis', 38, 39, 40, 41, 42, 'end-ellipsis']);
    expect(pagerItems(1, 1, true)).toEqual([1, 'end-ellipsis']);
  });
});

const card = (over: Partial<UploadCard>): UploadCard => ({
  id: 'u1',
  type: 'video',
  pageId: 'p',
  pageName: 'Page',
  pageRequiresApproval: false,
  likingStatus: 'enabled',
  accountId: 'a',
  account: { name: 'A' },
  status: 'processed',
  encodingStatus: 'processed',
  encodingError: null,
  original: '/files/o.mp4',
  mp4: null,
  webm: null,
  thumbnail: null,
  customThumbnail: null,
  duration: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  approvedAt: null,
  requiresApproval: false,
  isHidden: false,
  isAllowed: true,
  isFlagged: false,
  viewCount: 0,
  likeCount: 0,
  shareLink: 'x',
  tags: [],
  uploadData: { email: null, instagram: null, tiktok: null, tags: [] },
  uploadModerationJob: { status: 'processed', moderationLabels: [] },
  ...over,
});

describe('upload cards', () => {
  it('carries the spec badges of each state', () => {
    expect(badgesOf(card({}))).toEqual([]);
    expect(badgesOf(card({ encodingStatus: 'pending', uploadModerationJob: { status: 'pending', moderationLabels: [] } }))).toEqual([
      'encodingPending',
      'moderationProcessing',
    ]);
    expect(badgesOf(card({ encodingStatus: 'failed', uploadModerationJob: { status: 'failed', moderationLabels: [] } }))).toEqual([
      'encodingFailed',
      'moderationFailed',
    ]);
    expect(badgesOf(card({ requiresApproval: true, isHidden: true, isFlagged: true }))).toEqual(['notApproved', 'hidden', 'contentFlagged']);
  });

  // README 'Where we differ from the spec': uploads on pages without approval are public
  // without an approvedAt, so 'Not Approved' shows only where approval is asked for.
  it("shows 'Not Approved' for a processed upload without approvedAt only on a page requiring approval", () => {
    expect(badgesOf(card({ pageRequiresApproval: false, approvedAt: null, requiresApproval: false }))).toEqual([]);
    expect(badgesOf(card({ pageRequiresApproval: true, approvedAt: null, requiresApproval: true }))).toEqual(['notApproved']);
    expect(badgesOf(card({ pageRequiresApproval: true, approvedAt: '2026-11-02T00:00:00.000Z', requiresApproval: false }))).toEqual([]);
  });

  it("shows a held honeypot submission as 'Suspected spam' and nothing else", () => {
    const held = card({ suspectedSpam: true, isHidden: true, encodingStatus: 'pending', uploadModerationJob: { status: 'pending', moderationLabels: [] } });
    expect(badgesOf(held)).toEqual(['suspectedSpam']);
  });

  it('writes durations as m:ss', () => {
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(125.4)).toBe('2:05');
  });

  it('reads bulk tags like the server: trimmed, unique, at most 20 characters', () => {
    expect(parseTags(' a, b ,a,, ')).toEqual({ tags: ['a', 'b'] });
    expect(parseTags(' , ').error).toBe('app.validation.required');
    expect(parseTags('x'.repeat(21)).error).toBe('app.validation.maxLength');
  });
});
