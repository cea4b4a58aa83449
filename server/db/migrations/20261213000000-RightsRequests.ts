import type { Kysely } from 'kysely';

/**
 * The rights to use what fans sent (shared/resources/rights-requests.ts): the account's release
 * texts, each edit a new version kept for good (fans agreed to the old ones); one request row per
 * clip asked about, grouped by the fan's mail (`link_id`); the fans' answers, append-only beside the
 * consent records, with the exact text and version they saw; the upload's rights status for the
 * review list's badge and filter; and the account's choice to show only clips with rights granted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('release_texts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('text_en', 'text', (c) => c.notNull())
    .addColumn('text_fr', 'text', (c) => c.notNull())
    .addColumn('text_es', 'text', (c) => c.notNull())
    .addColumn('text_de', 'text', (c) => c.notNull())
    .addColumn('text_pt', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('release_texts_account_version_idx').on('release_texts').columns(['account_id', 'version']).unique().execute();
  await db.schema.createIndex('release_texts_account_version_id_idx').on('release_texts').columns(['account_id', 'version', 'id']).execute();
  await db.schema.createIndex('release_texts_account_created_id_idx').on('release_texts').columns(['account_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('rights_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('link_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('requested'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('release_text_id', 'text', (c) => c.notNull())
    .addColumn('release_version', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .addColumn('requested_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rights_requests_account_created_id_idx').on('rights_requests').columns(['account_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('rights_requests_account_status_id_idx').on('rights_requests').columns(['account_id', 'status', 'created_at', 'id']).execute();
  await db.schema.createIndex('rights_requests_account_upload_id_idx').on('rights_requests').columns(['account_id', 'upload_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('rights_requests_link_idx').on('rights_requests').column('link_id').execute();
  await db.schema.createIndex('rights_requests_upload_idx').on('rights_requests').column('upload_id').execute();

  await db.schema
    .createTable('rights_answers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('upload_id', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('release_text_id', 'text', (c) => c.notNull())
    .addColumn('release_version', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rights_answers_upload_idx').on('rights_answers').columns(['upload_id', 'created_at']).execute();

  await db.schema
    .alterTable('uploads')
    .addColumn('rights_status', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema.createIndex('uploads_account_rights_created_idx').on('uploads').columns(['account_id', 'rights_status', 'created_at', 'id']).execute();
  await db.schema
    .alterTable('accounts')
    .addColumn('rights_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('rights_required').execute();
  await db.schema.dropIndex('uploads_account_rights_created_idx').execute();
  await db.schema.alterTable('uploads').dropColumn('rights_status').execute();
  await db.schema.dropTable('rights_answers').execute();
  await db.schema.dropTable('rights_requests').execute();
  await db.schema.dropTable('release_texts').execute();
}
