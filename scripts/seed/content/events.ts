import type { Db } from '../../../server/db';
import { newId } from '../../../server/db/rows';
import { insertEventRows, setUploadCounts } from '../../../server/db/repositories/demoSeedEvents';
import type { ConfiguredLink } from '../../../server/services/captureLinks';
import type { Database } from '../../../server/db/types';
import type { Insertable } from 'kysely';
import type { Random } from './random';
import type { Audience } from './visitors';

const DAY = 86_400_000;
export const EVENT_DAYS = 90;

export interface EventPage {
  id: string;
  /** Share of the account's visits on an ordinary day. */
  weight: number;
  /** Days ago (from, to) when the page was live and drew most of its visits. */
  active: [number, number];
  links: ConfiguredLink[];
}

export interface EventUpload {
  id: string;
  createdAt: Date;
}

export interface AccountTraffic {
  accountId: string;
  audience: Audience;
  /** Visits on an ordinary day. */
  dailyVisits: number;
  /** Days ago with a show or a match: several times the visits. */
  bigDays: Set<number>;
  pages: EventPage[];
  /** Uploads fans can watch (processed, allowed, shown): they get views and likes. */
  uploads: EventUpload[];
}

/** When in its day a visit lands: mostly evenings in the Americas (UTC). */
const HOURS: (readonly [number, number])[] = [
  [0, 9],
  [1, 10],
  [2, 9],
  [3, 7],
  [4, 4],
  [5, 2],
  [6, 1],
  [8, 1],
  [12, 2],
  [14, 3],
  [16, 4],
  [18, 5],
  [20, 6],
  [22, 8],
  [23, 9],
];

function timeIn(random: Random, dayStart: number, now: number): number {
  const at = dayStart + random.weighted(HOURS) * 3_600_000 + random.int(0, 3_599_999);
  return at < now ? at : dayStart + random.next() * Math.max(0, now - dayStart);
}

type Rows = {
  visits: Insertable<Database['visits']>[];
  linkClicks: Insertable<Database['linkClicks']>[];
  views: Insertable<Database['views']>[];
  likes: Insertable<Database['likes']>[];
};

/** An account's 90 days of visits and link clicks on its pages, and views and likes of its uploads. */
function trafficRows(random: Random, traffic: AccountTraffic, now: number, rows: Rows): { views: Map<string, number>; likes: Map<string, number> } {
  const today = Math.floor(now / DAY) * DAY;
  for (let daysAgo = EVENT_DAYS - 1; daysAgo >= 0; daysAgo--) {
    const dayStart = today - daysAgo * DAY;
    const weekday = new Date(dayStart).getUTCDay();
    const weekly = weekday === 5 || weekday === 6 ? 1.35 : weekday === 0 ? 1.15 : 0.9;
    const count = Math.round(traffic.dailyVisits * weekly * (traffic.bigDays.has(daysAgo) ? 3.5 : 1) * (0.7 + random.next() * 0.6));
    const pages = traffic.pages.map((page) => [page, page.weight * (daysAgo <= page.active[0] && daysAgo >= page.active[1] ? 1 : 0.08)] as const);
    for (let i = 0; i < count; i++) {
      const page = random.weighted(pages);
      const visitor = traffic.audience.pick(random);
      const at = timeIn(random, dayStart, now);
      rows.visits.push({
        id: newId(),
        accountId: traffic.accountId,
        pageId: page.id,
        visitorId: visitor.key,
        country: visitor.country,
        createdAt: new Date(at).toISOString(),
      });
      if (page.links.length && random.chance(0.09)) {
        // Header links first, then the footer's: the first link of a row gets the most clicks.
        const link = random.weighted(page.links.map((l, index) => [l, (l.place === 'footer' ? 1 : 3) / (index + 1)] as const));
        const clickAt = Math.min(now, at + random.int(5_000, 180_000));
        rows.linkClicks.push({
          id: newId(),
          accountId: traffic.accountId,
          pageId: page.id,
          label: link.label,
          toUrl: link.url,
          createdAt: new Date(clickAt).toISOString(),
        });
      }
    }
  }

  const viewCounts = new Map<string, number>();
  const likeCounts = new Map<string, number>();
  for (const upload of traffic.uploads) {
    const start = upload.createdAt.getTime();
    if (start >= now) continue;
    // Most clips get a few dozen views; some take off.
    const views = random.chance(0.1) ? random.int(120, 260) : random.int(4, 70);
    const likers = new Set<string>();
    // A view counts once per visitor and day (as the public wall counts them).
    const seen = new Set<string>();
    for (let i = 0; i < views; i++) {
      const visitor = traffic.audience.pick(random);
      // Views come soon after the upload goes up, then trail off.
      const at = Math.min(now, start + Math.floor(-Math.log(1 - random.next() * 0.999) * 2 * DAY));
      const once = `${visitor.key} ${Math.floor(at / DAY)}`;
      if (seen.has(once)) continue;
      seen.add(once);
      rows.views.push({ id: newId(), accountId: traffic.accountId, uploadId: upload.id, visitorId: visitor.key, createdAt: new Date(at).toISOString() });
      if (!likers.has(visitor.key) && random.chance(0.14)) {
        likers.add(visitor.key);
        rows.likes.push({ uploadId: upload.id, visitorId: visitor.key, createdAt: new Date(Math.min(now, at + random.int(3_000, 60_000))).toISOString() });
      }
    }
    viewCounts.set(upload.id, seen.size);
    likeCounts.set(upload.id, likers.size);
  }
  return { views: viewCounts, likes: likeCounts };
}

/**
 * Writes the demo's raw events (visits, link clicks, views, likes: the tables the capture and
 * public pages append to) in batches, in one transaction, and the uploads' view and like counts.
 * Answers how many rows of each it wrote.
 */
export async function seedEvents(db: Db, random: Random, accounts: AccountTraffic[], now: Date): Promise<Record<keyof Rows, number>> {
  const rows: Rows = { visits: [], linkClicks: [], views: [], likes: [] };
  const counts = accounts.map((traffic) => trafficRows(random, traffic, now.getTime(), rows));
  await db.transaction().execute(async (trx) => {
    await insertEventRows(trx, 'visits', rows.visits);
    await insertEventRows(trx, 'linkClicks', rows.linkClicks);
    await insertEventRows(trx, 'views', rows.views);
    await insertEventRows(trx, 'likes', rows.likes);
    for (const { views, likes } of counts) {
      for (const [id, viewCount] of views) await setUploadCounts(trx, id, viewCount, likes.get(id) ?? 0);
    }
  });
  return { visits: rows.visits.length, linkClicks: rows.linkClicks.length, views: rows.views.length, likes: rows.likes.length };
}
