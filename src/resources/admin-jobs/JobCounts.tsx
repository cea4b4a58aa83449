import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { JOB_STATE_NAMES, type JobCounts as Counts } from '#shared/domain/schemas/adminJobs';

/** How many jobs are in each state, refreshed every few seconds while the screen is open. */
export const JobCounts = () => {
  const translate = useTranslate();
  // GET /api/admin/jobs/counts: the queue's 'counts' record, refreshed with the failed jobs after a retry.
  const { data } = useGetOne<Counts & { id: string }>('admin/jobs', { id: 'counts' }, { refetchInterval: 5000 });
  return (
    <Card sx={{ mb: 2 }} component="section" aria-labelledby="job-counts-title">
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="baseline" flexWrap="wrap" gap={1}>
          <Typography id="job-counts-title" variant="h6" component="h2">
            {translate('resources.admin/jobs.counts')}
          </Typography>
          {data && <Chip size="small" label={translate('resources.admin/jobs.driver', { driver: data.driver })} />}
        </Stack>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 2, m: 0, mt: 1 }}>
          {JOB_STATE_NAMES.map((state) => (
            <Box key={state}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {translate(`resources.admin/jobs.state.${state}`)}
              </Typography>
              <Typography component="dd" variant="h5" sx={{ m: 0 }} data-testid={`job-count-${state}`}>
                {data ? data[state] : '–'}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
};
