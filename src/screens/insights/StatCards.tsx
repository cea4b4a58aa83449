import { Card, CardContent, Grid, Typography } from '@mui/material';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import { useTranslate } from 'react-admin';
import type { AccountStats, StatCounts } from '#shared/domain/schemas/stats';
import { dayCount } from '#shared/domain/statsDays';
import { formatChange, formatNumber } from './format';

const CARDS: Array<keyof StatCounts> = ['totalVisitors', 'uniqueVisitors', 'totalUploads', 'totalLinkClicks'];

/** Total Visitors, Unique Visitors, Fan Uploads, Links Clicked, each with its change. */
export const StatCards = ({ stats }: { stats: AccountStats }) => {
  const translate = useTranslate();
  const days = stats.previousRange ? dayCount(stats.previousRange.startDate, stats.previousRange.endDate) : 0;
  const changeKey = days === 1 ? 'app.insights.changeDay' : 'app.insights.change';
  return (
    <Grid container spacing={2}>
      {CARDS.map((name) => {
        const change = stats.change[name];
        return (
          <Grid key={name} size={{ xs: 6, md: 3 }}>
            <Card component="section" aria-labelledby={`stat-${name}`} sx={{ height: '100%' }} data-testid={`stat-${name}`}>
              <CardContent>
                <Typography id={`stat-${name}`} variant="subtitle2" component="h2" color="text.secondary">
                  {translate(`app.insights.cards.${name}`)}
                </Typography>
                <Typography variant="h4" component="p" data-testid="stat-value">
                  {formatNumber(stats.counts[name])}
                </Typography>
                {change === null ? (
                  <Typography variant="caption" color="text.secondary">
                    {stats.previousRange ? translate(changeKey, { change: '—', days }) : translate('app.insights.noChange')}
                  </Typography>
                ) : (
                  <Typography
                    variant="caption"
                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: change >= 0 ? 'success.dark' : 'error.dark' }}
                  >
                    {change >= 0 ? <TrendingUpIcon fontSize="inherit" /> : <TrendingDownIcon fontSize="inherit" />}
                    {translate(changeKey, { change: formatChange(change), days })}
                  </Typography>
                )}
              </CardContent>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
};
