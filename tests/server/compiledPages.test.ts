import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { listSubmissions, submissionListQueries, type SubmissionFilters } from '../../server/db/repositories/submissions';
import { listUploads, uploadListQueries, type UploadFilters } from '../../server/db/repositories/uploads';
import { compiledPages } from '../../server/db/repositories/compiledPages';
import { keyedPageQueries, runPage, type PageBounds, type PageRequest } from '../../server/db/repositories/paginate';
import type { Db } from '../../server/db';
import { FAN_DATA_SORTS } from '../../src/domain/schemas/fanData';
import { UPLOAD_SORTS, UPLOAD_STATUSES, UPLOAD_TYPES } from '../../src/domain/constants';
import { createTestApp, testDatabases, type TestApp } from './helpers';
import { insertSubmission, insertUpload } from './uploadFixtures';

/** Some of the values in the demo and one nobody has: filters that match many rows, a few, none. */
const valuesOf = async (db: Db, accountId: string, table: 'submissions' | 'uploads', column: 'venueCity' | 'song' | 'artist' | 'pageId') => {
  const rows = await db.selectFrom(table).select(column).distinct().where('accountId', '=', accountId).where(column, 'is not', null).orderBy(column).limit(4).execute();
  return [...rows.map((row) => String(row[column])), 'nobody has this'];
};
const maybe = <T>(values: T[]) => fc.option(fc.constantFrom(...values), { nil: undefined });

describe.each(testDatabases)('lists compiled once per shape ($name)', (kind) => {
  let t: TestApp;
  let accountId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    accountId = (await t.db.selectFrom('accounts').select('id').where('slug', '=', 'midnightowls').executeTakeFirstOrThrow()).id;
    const pageIds = (await t.db.selectFrom('pages').select('id').where('accountId', '=', accountId).orderBy('id').limit(3).execute()).map((row) => row.id);
    // Fans of three venues, songs and artists over three pages; uploads of each type, status and tag.
    for (let k = 0; k < 36; k += 1) {
      const pageId = pageIds[k % pageIds.length];
      const upload =
        k % 3 === 2
          ? undefined
          : await insertUpload(t.db, {
              accountId,
              pageId,
              type: k % 4 === 0 ? 'image' : 'video',
              encodingStatus: (['processed', 'pending', 'failed'] as const)[k % 3],
              isHidden: k % 5 === 0 ? 1 : 0,
              viewCount: (k * 7) % 11,
              likeCount: (k * 5) % 7,
              tags: JSON.stringify(k % 2 ? ['encore'] : ['encore', 'crowd']),
            });
      await insertSubmission(t.db, {
        accountId,
        pageId,
        uploadId: upload?.id ?? null,
        venueCity: `Venue ${k % 3}`,
        song: `Song ${k % 4}`,
        artist: `Artist ${k % 2}`,
        lastName: `Fan ${k}`,
        email: `fan${k}@example.com`,
        marketingConsent: k % 2,
      });
    }
  });
  afterAll(async () => t?.close());

  it('answers the Fan Data table as the queries built for each call do, for any filters, sort and page', async () => {
    const [venues, songs, artists, pages] = await Promise.all((['venueCity', 'song', 'artist', 'pageId'] as const).map((column) => valuesOf(t.db, accountId, 'submissions', column)));
    const filters = fc.record({
      pageId: maybe(pages),
      venue: maybe(venues),
      song: maybe(songs),
      artist: maybe(artists),
      marketingConsent: fc.option(fc.boolean(), { nil: undefined }),
      startDate: maybe(['2020-01-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z']),
      endDate: maybe(['2030-01-01T00:00:00.000Z']),
    });
    const request = fc.record({ page: fc.integer({ min: 1, max: 4 }), limit: fc.constantFrom(5, 50), sort: fc.constantFrom(...FAN_DATA_SORTS), order: fc.constantFrom('asc' as const, 'desc' as const) });
    await fc.assert(
      fc.asyncProperty(filters, request, async (chosen, page) => {
        const given: SubmissionFilters = { accountId, ...chosen };
        expect(await listSubmissions(t.db, given, page)).toEqual(await runPage(submissionListQueries(t.db, given, page), page));
      }),
      { numRuns: 60 },
    );
  });

  it('answers both upload lists as the queries built for each call do', async () => {
    const [venues, songs, artists, pages] = await Promise.all((['venueCity', 'song', 'artist', 'pageId'] as const).map((column) => valuesOf(t.db, accountId, 'uploads', column)));
    const tags = [...(await t.db.selectFrom('uploadTags').select('tag').distinct().limit(3).execute()).map((row) => row.tag), 'no such tag'];
    const filters = fc.record({
      accountId: maybe([accountId]),
      pageId: maybe(pages),
      status: maybe([...UPLOAD_STATUSES]),
      type: maybe([...UPLOAD_TYPES]),
      tag: maybe(tags),
      venue: maybe(venues),
      song: maybe(songs),
      artist: maybe(artists),
      startDate: maybe(['2020-01-01T00:00:00.000Z']),
    });
    const request = fc.record({ page: fc.integer({ min: 1, max: 3 }), limit: fc.constantFrom(4, 48), sort: fc.constantFrom(...UPLOAD_SORTS), order: fc.constantFrom('asc' as const, 'desc' as const) });
    await fc.assert(
      fc.asyncProperty(filters, request, async (chosen, page) => {
        const given = chosen as UploadFilters;
        expect(await listUploads(t.db, given, page)).toEqual(await runPage(uploadListQueries(t.db, given, page), page));
      }),
      { numRuns: 60 },
    );
  });

  it('answers each value of a filter in one shape with its own rows', async () => {
    const page = { page: 1, limit: 48, sort: 'createdAt' as const, order: 'desc' as const };
    const submissionValues: Record<string, unknown[]> = {
      venue: await valuesOf(t.db, accountId, 'submissions', 'venueCity'),
      pageId: await valuesOf(t.db, accountId, 'submissions', 'pageId'),
      marketingConsent: [true, false],
    };
    for (const [name, values] of Object.entries(submissionValues)) {
      const answers = new Set<string>();
      for (const value of values) {
        const given = { accountId, [name]: value } as SubmissionFilters;
        const listed = await listSubmissions(t.db, given, { ...page, sort: 'createdAt' });
        expect(listed).toEqual(await runPage(submissionListQueries(t.db, given, { ...page, sort: 'createdAt' }), page));
        answers.add(JSON.stringify(listed));
      }
      expect(answers.size, `${name}: the values give different rows in the demo`).toBeGreaterThan(1);
    }
    const uploadValues: Record<string, unknown[]> = { status: [...UPLOAD_STATUSES], type: [...UPLOAD_TYPES], song: await valuesOf(t.db, accountId, 'uploads', 'song') };
    for (const [name, values] of Object.entries(uploadValues)) {
      const answers = new Set<string>();
      for (const value of values) {
        const given = { accountId, [name]: value } as UploadFilters;
        const listed = await listUploads(t.db, given, page);
        expect(listed).toEqual(await runPage(uploadListQueries(t.db, given, page), page));
        answers.add(JSON.stringify(listed));
      }
      expect(answers.size, `${name}: the values give different rows in the demo`).toBeGreaterThan(1);
    }
  });

  it('refuses a list whose bound filter reaches the SQL other than as a bound value', async () => {
    type Filters = { accountId: string; name?: string };
    const build = (db: Db, filters: Filters, request: PageRequest<'name'>, bounds: PageBounds) =>
      keyedPageQueries(
        db.selectFrom('pages').where('pages.accountId', '=', filters.accountId).where('pages.name', 'like', `%${filters.name ?? ''}%`),
        sql<string>`pages.id`,
        (ids) => db.selectFrom('pages').selectAll().where('pages.id', 'in', ids),
        request,
        { name: [sql`pages.name`, sql`pages.id`] },
        {},
        bounds,
      );
    const pagesByName = compiledPages(build, { bound: ['accountId', 'name'] });
    await expect(pagesByName(t.db, { accountId, name: 'Tour' }, { page: 1, limit: 10, sort: 'name', order: 'asc' })).rejects.toThrow('other than as a bound value');
  });
});
