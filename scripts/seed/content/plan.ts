import type { Random } from './random';

/** What the console shows for a demo upload: one of the states its badges and filters tell apart. */
export type DemoState =
  /** Processed and shown (on a page without approval, or approved on one with). */
  | 'live'
  /** Processed on a page that requires approval, not approved yet ('Not Approved'). */
  | 'not-approved'
  | 'encoding-pending'
  | 'encoding-failed'
  | 'moderation-processing'
  | 'moderation-failed'
  | 'flagged'
  | 'hidden';

export interface PlannedUpload {
  account: 'band' | 'team';
  pageName: string;
  kind: 'video' | 'image' | 'truncated';
  /** Which generated file of its kind. */
  source: number;
  state: DemoState;
  at: Date;
  tags: string[];
  /** Which fan sends it (some fans send two). */
  fan: number;
}

interface PageMix {
  account: 'band' | 'team';
  pageName: string;
  videos: number;
  images: number;
  /** Uploads fall between these many days ago (the page's active time). */
  days: [number, number];
  /** States other than 'live', in order, each with its kind. */
  special: [DemoState, 'video' | 'image' | 'truncated', hoursAgo?: number][];
  tags: [string, number][];
}

/**
 * The demo's uploads: ~80 for The Midnight Owls across its four pages (more than the 48 of one
 * grid page), a few for Harbor City FC (video only: photos are not on the Free plan), in every
 * state the console's badges show.
 */
const MIX: PageMix[] = [
  {
    account: 'band',
    pageName: 'Summer Tour 2026',
    videos: 36,
    images: 10,
    days: [0, 50],
    special: [
      ['encoding-pending', 'video', 0.1],
      ['encoding-pending', 'image', 0.3],
      ['moderation-processing', 'video', 0.5],
      ['encoding-failed', 'truncated', 30],
      ['moderation-failed', 'video', 140],
      ['flagged', 'video', 75],
      ['flagged', 'image', 200],
      // Twelve waiting for approval, over the last three days (enough for a bulk approval of ten).
      ['not-approved', 'video', 2],
      ['not-approved', 'video', 4],
      ['not-approved', 'image', 7],
      ['not-approved', 'video', 11],
      ['not-approved', 'video', 16],
      ['not-approved', 'image', 22],
      ['not-approved', 'video', 27],
      ['not-approved', 'video', 33],
      ['not-approved', 'video', 41],
      ['not-approved', 'image', 49],
      ['not-approved', 'video', 58],
      ['not-approved', 'video', 66],
      ['hidden', 'video'],
      ['hidden', 'image'],
      ['hidden', 'video'],
    ],
    tags: [
      ['highlight', 5],
      ['crowd', 4],
      ['for-socials', 4],
      ['encore', 3],
    ],
  },
  {
    account: 'band',
    pageName: 'Acoustic Sessions',
    videos: 14,
    images: 0,
    days: [15, 60],
    special: [
      ['flagged', 'video'],
      ['hidden', 'video'],
    ],
    tags: [
      ['acoustic', 4],
      ['highlight', 1],
    ],
  },
  { account: 'band', pageName: 'Spring Tour 2026', videos: 9, images: 3, days: [58, 89], special: [['hidden', 'image']], tags: [['best-of-spring', 3]] },
  { account: 'band', pageName: 'Album Launch Party', videos: 7, images: 3, days: [70, 86], special: [], tags: [['launch', 2]] },
  {
    account: 'team',
    pageName: 'Match Day Moments',
    videos: 6,
    images: 0,
    days: [1, 80],
    special: [
      ['encoding-failed', 'truncated', 50],
      ['hidden', 'video'],
    ],
    tags: [],
  },
];

/** Sources per kind (media.ts makes these many videos and images). */
export const SOURCE_COUNTS = { video: 5, image: 4, truncated: 1 };
/** Fans who send a second upload, for the erasure of a fan with several uploads. */
const REPEAT_FANS = 6;

/** Fans' evenings: shows and matches end late (UTC hours, the pages' audiences being mostly in the Americas). */
const HOURS: (readonly [number, number])[] = [
  [1, 8],
  [2, 9],
  [3, 7],
  [4, 4],
  [5, 2],
  [14, 1],
  [17, 2],
  [19, 2],
  [21, 3],
  [22, 4],
  [23, 6],
  [0, 7],
];

function dateIn(random: Random, now: Date, [from, to]: [number, number]): Date {
  const day = new Date(now.getTime() - random.int(from, to) * 86_400_000);
  day.setUTCHours(random.weighted(HOURS), random.int(0, 59), random.int(0, 59), 0);
  // Never in the future, nor in the last hour (the recent ones are planned explicitly).
  return day.getTime() > now.getTime() - 3_600_000 ? new Date(now.getTime() - random.int(2, 20) * 3_600_000) : day;
}

export function planUploads(random: Random, now: Date): PlannedUpload[] {
  const planned: PlannedUpload[] = [];
  const next = { video: 0, image: 0, truncated: 0 };
  for (const mix of MIX) {
    const kinds: ('video' | 'image')[] = [...Array<'video'>(mix.videos).fill('video'), ...Array<'image'>(mix.images).fill('image')];
    const page: PlannedUpload[] = [];
    for (const [state, kind, hoursAgo] of mix.special) {
      if (kind !== 'truncated') kinds.splice(kinds.indexOf(kind), 1);
      const at = hoursAgo === undefined ? dateIn(random, now, mix.days) : new Date(now.getTime() - hoursAgo * 3_600_000);
      page.push({ account: mix.account, pageName: mix.pageName, kind, source: next[kind]++ % SOURCE_COUNTS[kind], state, at, tags: [], fan: 0 });
    }
    for (const kind of kinds) {
      page.push({
        account: mix.account,
        pageName: mix.pageName,
        kind,
        source: next[kind]++ % SOURCE_COUNTS[kind],
        state: 'live',
        at: dateIn(random, now, mix.days),
        tags: [],
        fan: 0,
      });
    }
    const taggable = page.filter((upload) => upload.state === 'live');
    let t = 0;
    for (const [tag, count] of mix.tags) for (let i = 0; i < count; i++) taggable[(t++ * 3) % taggable.length].tags.push(tag);
    planned.push(...page);
  }
  planned.forEach((upload, index) => (upload.fan = index));
  // A few fans come back with a second clip (on the same account, a later date).
  const band = planned.filter((upload) => upload.account === 'band' && upload.state === 'live');
  for (let i = 0; i < REPEAT_FANS; i++) {
    const [first, second] = [band[i * 5], band[i * 5 + 2]];
    second.fan = first.fan;
  }
  return planned;
}
