import { failedJobListSchema, FAILED_JOBS_LIMIT, jobCountsSchema, jobIdParam, retriedJobSchema } from '#shared/domain/schemas/adminJobs';
import { notFound } from '../errors';
import { accessTo, taggedRoute, type RouteDef } from './define';

/** The queue screen under Platform Admin: counts by state, failed jobs with their error, retry. Either queue driver. */
const route = taggedRoute('platform jobs');
const access = accessTo('admin-jobs');

export const adminJobRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/admin/jobs',
    access: access('list'),
    summary: `The failed background jobs with their error, newest first (at most ${FAILED_JOBS_LIMIT})`,
    schema: { response: { 200: failedJobListSchema } },
    async handler(request) {
      const data = await request.server.deps.queue.failed(FAILED_JOBS_LIMIT);
      return { data, total: data.length };
    },
  }),
  route({
    method: 'GET',
    url: '/api/admin/jobs/counts',
    access: access('list'),
    summary: 'How many background jobs are queued, running, completed and failed, and which queue driver runs them',
    schema: { response: { 200: jobCountsSchema } },
    async handler(request) {
      const { queue } = request.server.deps;
      return { ...(await queue.counts()), driver: queue.driver };
    },
  }),
  route({
    method: 'POST',
    url: '/api/admin/jobs/:id/retry',
    access: access('retry'),
    summary: 'Queue a failed job again with fresh attempts (404 when there is no such failed job)',
    schema: { params: jobIdParam, response: { 200: retriedJobSchema } },
    async handler(request) {
      if (!(await request.server.deps.queue.retry(request.params.id))) throw notFound('failedJob');
      return { id: request.params.id, retried: true };
    },
  }),
];
