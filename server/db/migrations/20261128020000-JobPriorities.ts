import type { Kysely } from 'kysely';

/**
 * Jobs get a priority (higher first, src/domain/constants.ts jobPriority), so moderation runs
 * before encodes and webms only when nothing else waits (issue 34). Existing jobs are normal.
 * A claim reads the queued jobs in priority order, then oldest first, from the index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('priority', 'integer', (c) => c.notNull().defaultTo(20)).execute();
  await db.schema.createIndex('jobs_status_priority_run_idx').on('jobs').columns(['status', 'priority desc', 'run_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_status_priority_run_idx').execute();
  await db.schema.alterTable('jobs').dropColumn('priority').execute();
}
