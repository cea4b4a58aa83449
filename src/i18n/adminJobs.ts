/** Strings of the queue screen under Platform Admin (/admin/jobs). */
export const adminJobsResourceMessages = {
  name: 'Job |||| Jobs',
  title: 'Background Jobs',
  counts: 'Jobs by state',
  driver: 'Queue: %{driver}',
  state: { queued: 'Queued', active: 'Running', completed: 'Completed', failed: 'Failed' },
  failedTitle: 'Failed jobs',
  empty: 'No failed jobs.',
  fields: { kind: 'Job', error: 'Error', attempts: 'Attempts', failedAt: 'Failed at' },
  retry: {
    button: 'Retry',
    confirm: 'Run the %{kind} job again with fresh attempts?',
    done: 'The job is queued again',
  },
};
