import type { Kysely } from 'kysely';

/**
 * The jobs table becomes a leased queue (the embedded SQLite default): who holds a job and
 * until when, how many attempts it may take, when it finished. Uploads keep the reason an
 * encode failed and an image upload's cleaned web copy; a page may cap its clips' length.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .execute();
  await db.schema.alterTable('jobs').addColumn('locked_by', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('lease_expires_at', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('finished_at', 'text').execute();
  await db.schema.createIndex('jobs_kind_status_run_idx').on('jobs').columns(['kind', 'status', 'run_at']).execute();
  await db.schema.createIndex('jobs_status_lease_idx').on('jobs').columns(['status', 'lease_expires_at']).execute();
  await db.schema.alterTable('uploads').addColumn('encoding_error', 'text').execute();
  await db.schema.alterTable('uploads').addColumn('image', 'text').execute();
  await db.schema.alterTable('pages').addColumn('max_video_seconds', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pages').dropColumn('max_video_seconds').execute();
  await db.schema.alterTable('uploads').dropColumn('image').execute();
  await db.schema.alterTable('uploads').dropColumn('encoding_error').execute();
  await db.schema.dropIndex('jobs_status_lease_idx').execute();
  await db.schema.dropIndex('jobs_kind_status_run_idx').execute();
  for (const column of ['finished_at', 'lease_expires_at', 'locked_by', 'max_attempts']) {
    await db.schema.alterTable('jobs').dropColumn(column).execute();
  }
}
