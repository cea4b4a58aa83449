import { describe, expect, it } from 'vitest';
import type { UploadCard } from '#shared/domain/schemas/uploads';
import { reelClipsOf } from '../../src/resources/uploads/reelClips';
import { clipsFromTexts, clipsToTexts, cutOf, keptApart, moved, secondsOf, withCut } from '../../src/resources/reels/reelCuts';

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
  mp4: '/files/v.mp4',
  webm: null,
  thumbnail: null,
  customThumbnail: null,
  duration: 12,
  createdAt: '2026-11-01T00:00:00.000Z',
  approvedAt: null,
  requiresApproval: false,
  isHidden: false,
  isAllowed: true,
  isFlagged: false,
  viewCount: 0,
  likeCount: 0,
  shareLink: '',
  tags: [],
  uploadData: { email: null, instagram: null, tiktok: null, tags: [] },
  uploadModerationJob: { status: 'processed', moderationLabels: [] },
  ...over,
});

describe('making a reel of a selection', () => {
  it('keeps the approved, shown videos in the grid order and counts the rest as left out', () => {
    const selection = [
      card({ id: 'a' }),
      card({ id: 'photo', type: 'image' }),
      card({ id: 'waiting', requiresApproval: true }),
      card({ id: 'hidden', isHidden: true }),
      card({ id: 'flagged', isAllowed: false }),
      card({ id: 'encoding', encodingStatus: 'processing', mp4: null }),
      card({ id: 'b' }),
    ];
    expect(reelClipsOf(selection)).toEqual({ clips: ['a', 'b'], leftOut: 5 });
  });

  it('takes at most 20 clips', () => {
    const many = Array.from({ length: 23 }, (_, index) => card({ id: `c${index}` }));
    expect(reelClipsOf(many)).toMatchObject({ leftOut: 3 });
    expect(reelClipsOf(many).clips).toHaveLength(20);
  });
});

describe("a reel's clips on its page", () => {
  it('travel as the API takes them, cut or not', () => {
    const texts = ['k3Jd9', 'k3Jd9@2.5-8'];
    expect(clipsToTexts(clipsFromTexts(texts))).toEqual(texts);
  });

  it('start their timeline at the chosen cut, else at the first seconds of the default segment', () => {
    expect(cutOf({ uploadId: 'a' }, 12)).toEqual([0, 8]);
    expect(cutOf({ uploadId: 'a' }, 5)).toEqual([0, 5]);
    expect(cutOf({ uploadId: 'a', inSeconds: 2, outSeconds: 20 }, 12)).toEqual([2, 12]);
    expect(withCut({ uploadId: 'a' }, [1.234, 6.06])).toEqual({ uploadId: 'a', inSeconds: 1.2, outSeconds: 6.1 });
  });

  it('keep a cut at least a second long, the moved handle pushing the other', () => {
    expect(keptApart([3, 3.5], 0, 12, 1)).toEqual([3, 4]);
    expect(keptApart([3, 3.5], 1, 12, 1)).toEqual([2.5, 3.5]);
    expect(keptApart([11.8, 12], 0, 12, 1)).toEqual([11, 12]);
    expect(keptApart([0, 0.2], 1, 12, 1)).toEqual([0, 1]);
  });

  it('count their length toward the total: the cut, or the default segment at most', () => {
    expect(secondsOf({ uploadId: 'a', inSeconds: 1, outSeconds: 4.5 }, 12)).toBe(3.5);
    expect(secondsOf({ uploadId: 'a' }, 12)).toBe(8);
    expect(secondsOf({ uploadId: 'a' }, 3)).toBe(3);
  });

  it('move up, down or by dragging, and stay put past either end', () => {
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});
