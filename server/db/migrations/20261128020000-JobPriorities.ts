import type { Kysely } from 'kysely';

/**
 * Jobs get a priority (higher first, shared/domain/constants.ts jobPriority), so moderation runs
 * before encodes and webms only when nothing else waits.
 * A claim reads the queued jobs in priority order, then oldest first, from the index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(20))
    .execute();
  // Jobs already queued get their kind's priority (the values of the day, not imported: a migration does not change).
  await db
    .updateTable('jobs')
    .set({ priority: 30 })
    .where('kind', 'in', ['moderate-upload', 'fan-approved-mail', 'video-processed-digest', 'deliver-webhook'])
    .execute();
  await db.updateTable('jobs').set({ priority: 10 }).where('kind', 'in', ['encode-webm', 'dropbox-copy']).execute();
  await db.schema.createIndex('jobs_status_priority_run_idx').on('jobs').columns(['status', 'priority desc', 'run_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_status_priority_run_idx').execute();
  await db.schema.alterTable('jobs').dropColumn('priority').execute();
}
