import { fanDataListSchema, fanDataQuery, type FanDataQuery } from '#shared/domain/schemas/fanData';
import { listFanData } from '../services/fanData';
import { defineBehaviour } from './behaviour';

/**
 * Fan Data's list is the spec's: its own query (filters by page, venue, song, artist, dates and
 * consent, a name sort of two columns), rows with their upload's views and likes (a join the
 * declared fields cannot say), a capped total, and filters that are a feature of the account's
 * plan, checked for the caller (402 data-filter on Free; platform admins pass). Its indexes are
 * listIndexes.test.ts's.
 */
export const fanDataBehaviour = defineBehaviour({
  repository: {
    list: (_db, accountId, query, { deps, actor }) => listFanData(deps, accountId, query as FanDataQuery, actor),
  },
  routes: {
    list: {
      summary:
        'Fan data, 50 a page, sorted on the server (sort: createdAt, name, email, country, venueCity, song, artist, marketingConsent): filters pageId, venue, song, artist, startDate, endDate (YYYY-MM-DD), marketingConsent (true/false); filters are a plan feature (402 data-filter on Free)',
      query: fanDataQuery,
      response: { 200: fanDataListSchema },
    },
  },
});
