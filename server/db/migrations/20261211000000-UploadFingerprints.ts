import type { Kysely } from 'kysely';

/**
 * What recognises an upload's picture and sound again (its perceptual frame hashes and sound
 * envelope), kept so a comparison never decodes the file twice; the hashes' 16-bit bands, indexed
 * by account, so an upload's look-alikes are found by exact band matches instead of a scan; and the
 * possible duplicates found. Each row goes with its upload (a delete, a fan's erasure).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload_fingerprints')
    .addColumn('upload_id', 'text', (c) => c.primaryKey().references('uploads.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('frames', 'text', (c) => c.notNull())
    .addColumn('envelope', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('upload_hash_bands')
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('band', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_hash_bands_pk', ['upload_id', 'band'])
    .execute();
  await db.schema.createIndex('upload_hash_bands_lookup_idx').on('upload_hash_bands').columns(['account_id', 'band', 'created_at']).execute();
  await db.schema.createIndex('upload_hash_bands_upload_idx').on('upload_hash_bands').column('upload_id').execute();
  await db.schema
    .createTable('upload_duplicates')
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('duplicate_of', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_duplicates_pk', ['upload_id', 'duplicate_of'])
    .execute();
  await db.schema.createIndex('upload_duplicates_of_idx').on('upload_duplicates').column('duplicate_of').execute();
  await db.schema.createIndex('upload_duplicates_account_idx').on('upload_duplicates').columns(['account_id', 'upload_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upload_duplicates').execute();
  await db.schema.dropTable('upload_hash_bands').execute();
  await db.schema.dropTable('upload_fingerprints').execute();
}
