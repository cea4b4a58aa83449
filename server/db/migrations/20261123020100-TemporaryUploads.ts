import type { Kysely } from 'kysely';

/**
 * Every temporary-upload form handed out: makes forms single-use (a local post and a save each
 * take a form once) and counts a user's temporary bytes of the last 24 hours against the quota.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('temporary_uploads')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The form's size limit until the real size is known (posted to us, or saved).
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text')
    .addColumn('promoted_at', 'text')
    .execute();
  await db.schema.createIndex('temporary_uploads_user_created_idx').on('temporary_uploads').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('temporary_uploads_created_idx').on('temporary_uploads').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('temporary_uploads').execute();
}
