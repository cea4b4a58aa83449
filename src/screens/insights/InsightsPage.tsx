import { lazy, Suspense, useMemo } from 'react';
import { Alert, Box, Button, Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { keepPreviousData } from '@tanstack/react-query';
import { ListContextProvider, Title, useCanAccess, useGetOne, useList, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import queryString from 'query-string';
import { useAppContext } from '../../appContext';
import { localDay, presetRange } from '#shared/domain/statsDays';
import { Upsell } from '../../components/Upsell';
import { InsightFilters, customIgnored, type FilterState } from './InsightFilters';
import { StatCards } from './StatCards';
import { CountryList, MostWatched, NoData, PageList, Panel, TopLinks } from './InsightLists';
import { REQUIRES_APPROVAL_COUNT_CAP } from '#shared/domain/constants';
import type { AccountStats, ActivePages } from '#shared/domain/schemas/stats';
import { cappedCountLabel } from '#shared/domain/pager';
import { bustOnClick } from '../../http';

// Charts and the map are their own chunks: none of recharts or leaflet is in the first JavaScript.
const DailyChart = lazy(() => import('./DailyChart'));
const CountryMap = lazy(() => import('./CountryMap'));

/** The Insights filters as the stats endpoints take them (account days, YYYY-MM-DD). */
interface Filters {
  pageId?: string;
  startDate?: string;
  endDate?: string;
}

function toQuery(filters: FilterState, today: string): Filters {
  const range =
    filters.range !== 'custom'
      ? presetRange(filters.range ?? 'all', today)
      : customIgnored(filters, today)
        ? {}
        : { startDate: filters.startDate || undefined, endDate: filters.endDate || undefined };
  return Object.fromEntries(Object.entries({ pageId: filters.pageId || undefined, ...range }).filter(([, value]) => value)) as Filters;
}

const NO_RECORDS: RaRecord[] = [];

/** The day-by-day charts, each in its half-width panel (or 'no data' when the range counted none): the stats' series and count. */
const DAILY = [
  { id: 'daily-visitors', title: 'app.insights.dailyVisitors', label: 'app.insights.visitors', days: 'accountDailyVisits', total: 'totalVisitors' },
  { id: 'daily-uploads', title: 'app.insights.dailyUploads', label: 'app.insights.uploads', days: 'accountDailyUploads', total: 'totalUploads' },
] as const;

/** The console's home (spec console.md section 2). */
export const InsightsPage = () => {
  const translate = useTranslate();
  const { data: context } = useAppContext();
  const account = context?.account;
  const { canAccess: bypasses } = useCanAccess({ resource: 'plan-limits', action: 'bypass' });
  const locked = !!account && account.planLimits.filters === 0 && !bypasses;
  const timeZone = account?.timeZone ?? 'UTC';
  const today = localDay(new Date(), timeZone);
  // The filters are a react-admin list context's (the stats are no list of records): the filter
  // form writes them, the stats read them. As before, they last as long as the screen, not in the URL.
  const filterList = useList({ data: NO_RECORDS, resource: 'insights' });
  const filters = filterList.filterValues as FilterState;
  const query = useMemo(() => (locked ? {} : toQuery(filters, today)), [filters, locked, today]);
  const accountId = account?.id ?? '';

  // The account's stats and active pages: records under the account's id, read for the filters' range.
  const reading = { enabled: !!accountId, placeholderData: keepPreviousData };
  const stats = useGetOne<AccountStats & { id: string }>('account-stats', { id: accountId, meta: { query } }, reading);
  const pageQuery = useMemo(
    () => Object.fromEntries(Object.entries({ startDate: query.startDate, endDate: query.endDate }).filter(([, v]) => v)),
    [query.startDate, query.endDate],
  );
  const pages = useGetOne<ActivePages & { id: string }>('active-pages', { id: accountId, meta: { query: pageQuery } }, reading);
  const data = stats.data;
  const exportHref = `/api/account-stats/${encodeURIComponent(accountId)}/export?${queryString.stringify(query)}`;

  return (
    <Box>
      <Title title={translate('app.insights.title')} />
      <Stack direction="row" alignItems="center" justifyContent="flex-end" sx={{ mb: 1 }}>
        <Button component="a" href={exportHref} onClick={bustOnClick} startIcon={<DownloadIcon />} size="small" download>
          {translate('app.insights.export')}
        </Button>
      </Stack>
      <Card component="section" aria-label={translate('app.insights.filters')} sx={{ mb: 2 }}>
        <CardContent>
          {locked && (
            <Box sx={{ mb: 2 }}>
              <Upsell id="insight-filter" />
            </Box>
          )}
          <ListContextProvider value={filterList}>
            <InsightFilters pages={pages.data?.pages ?? []} today={today} disabled={locked} />
          </ListContextProvider>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {translate('app.insights.timeZone', { zone: timeZone })}
          </Typography>
        </CardContent>
      </Card>
      {stats.error && <Alert severity="error">{stats.error.message}</Alert>}
      {!data ? (
        <Skeleton variant="rounded" height={120} aria-label={translate('app.insights.loading')} />
      ) : (
        <Stack spacing={2} data-testid="insights" aria-busy={stats.isFetching}>
          <StatCards stats={data} />
          {data.requiresApprovalCount > 0 && (
            <Alert
              severity="warning"
              action={
                <Button component={Link} to="/uploads?status=requires-approval" size="small" color="inherit">
                  {translate('app.insights.requiresApproval')}
                </Button>
              }
            >
              {translate('app.insights.requiresApprovalCount', { count: cappedCountLabel(data.requiresApprovalCount, REQUIRES_APPROVAL_COUNT_CAP) })}
            </Alert>
          )}
          <Grid container spacing={2}>
            {DAILY.map((chart) => (
              <Grid key={chart.id} size={{ xs: 12, md: 6 }}>
                <Panel title={translate(chart.title)} id={chart.id}>
                  {data.counts[chart.total] ? (
                    <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
                      <DailyChart data={data[chart.days]} label={translate(chart.label)} />
                    </Suspense>
                  ) : (
                    <NoData />
                  )}
                </Panel>
              </Grid>
            ))}
          </Grid>
          <Panel title={translate('app.insights.countries')} id="visitor-countries">
            {data.visitorCountries.length ? (
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, md: 8 }}>
                  <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
                    <CountryMap counts={data.visitorCountries} label={translate('app.insights.legend')} />
                  </Suspense>
                </Grid>
                <Grid size={{ xs: 12, md: 4 }}>
                  <CountryList countries={data.visitorCountries} />
                </Grid>
              </Grid>
            ) : (
              <NoData />
            )}
          </Panel>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Panel title={translate('app.insights.topLinks')} id="top-link-clicks">
                <TopLinks links={data.topLinkClicks} />
              </Panel>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Panel title={translate('app.insights.mostWatched')} id="most-watched-videos">
                <MostWatched videos={data.topWatchedVideos} />
              </Panel>
            </Grid>
          </Grid>
          <Panel title={translate('app.insights.pages')} id="page-visits">
            <PageList pages={pages.data?.pages ?? []} />
          </Panel>
        </Stack>
      )}
    </Box>
  );
};
