import { z } from 'zod';

/** How many failed jobs the queue screen lists at most (newest first). */
export const FAILED_JOBS_LIMIT = 100;

export const JOB_STATE_NAMES = ['queued', 'active', 'completed', 'failed'] as const;

export const jobCountsSchema = z.object({
  queued: z.number(),
  active: z.number(),
  completed: z.number(),
  failed: z.number(),
  driver: z.enum(['table', 'pg-boss']),
});
export type JobCounts = z.infer<typeof jobCountsSchema>;

const failedJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  error: z.string(),
  attempts: z.number(),
  failedAt: z.string().nullable(),
  payload: z.unknown(),
});
export type FailedJobRecord = z.infer<typeof failedJobSchema>;

export const failedJobListSchema = z.object({ data: z.array(failedJobSchema), total: z.number() });

/** A job id: the table driver's ids or pg-boss's uuids. */
export const jobIdParam = z.object({ id: z.string().trim().min(1).max(64) });

/** POST /api/admin/jobs/{id}/retry: the job queued again. */
export const retriedJobSchema = z.object({ id: z.string(), retried: z.boolean() });
