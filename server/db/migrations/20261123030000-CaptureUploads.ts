import type { Kysely } from 'kysely';

/**
 * Fans' tus uploads between creation and submission: which page and address (a salted hash,
 * never the IP) they belong to, what they claim to be, when they finished and which upload
 * row they became. Rows past expires_at that never became an upload are swept with their bytes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('capture_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('page_id', 'text', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('declared_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('upload_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('capture_uploads_address_idx').on('capture_uploads').columns(['address_key', 'finished_at']).execute();
  await db.schema.createIndex('capture_uploads_expires_idx').on('capture_uploads').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('capture_uploads').execute();
}
