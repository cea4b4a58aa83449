import type { Kysely } from 'kysely';

/**
 * Other angles of the same moment: clips of one performance filmed by different fans, found by
 * their sound. Each pair is kept both ways (an upload's angles are one index range), with the
 * offset that shows the same instant and the correlation it was found with; a row goes with
 * either upload (a delete, a fan's erasure). The fingerprints get an (account, created_at) index:
 * the clips an upload is aligned with are its account's of a few days around it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload_angles')
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('angle_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('offset_ms', 'integer', (c) => c.notNull())
    .addColumn('score', 'real', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_angles_pk', ['upload_id', 'angle_id'])
    .execute();
  await db.schema.createIndex('upload_angles_angle_idx').on('upload_angles').column('angle_id').execute();
  await db.schema.createIndex('upload_angles_account_idx').on('upload_angles').columns(['account_id', 'upload_id']).execute();
  await db.schema.createIndex('upload_fingerprints_window_idx').on('upload_fingerprints').columns(['account_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('upload_fingerprints_window_idx').execute();
  await db.schema.dropTable('upload_angles').execute();
}
