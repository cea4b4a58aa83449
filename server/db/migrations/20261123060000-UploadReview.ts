import type { Kysely } from 'kysely';

/**
 * Reviewing fan uploads and fan data (issues 12 and 13):
 * - upload_events: the history of each upload (who approved, hid, showed, tagged or allowed it, and when);
 * - upload_tags: one row per tag, so the tag filter is an index search instead of a scan of JSON text;
 * - fan_data_exports and fan_erasures: who exported fan data and when; that an erasure happened and when;
 * - indexes so every filter and sort of the upload and fan data lists is an index search. Sort
 *   indexes end in id, the tie-break of every list, so the order comes from the index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_events_upload_idx').on('upload_events').columns(['upload_id', 'created_at']).execute();

  await db.schema
    .createTable('upload_tags')
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_tags_pk', ['upload_id', 'tag'])
    .execute();
  await db.schema.createIndex('upload_tags_account_tag_idx').on('upload_tags').columns(['account_id', 'tag', 'upload_id']).execute();

  await db.schema
    .createTable('fan_data_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fan_data_exports_account_idx').on('fan_data_exports').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('fan_erasures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fan_erasures_account_idx').on('fan_erasures').columns(['account_id', 'created_at']).execute();

  // Uploads: replace the sort indexes with ones ending in id, add one per filter.
  for (const name of [
    'uploads_account_created_idx',
    'uploads_account_views_idx',
    'uploads_account_likes_idx',
    'uploads_page_created_idx',
    'uploads_encoding_idx',
    'uploads_created_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  const uploadIndexes: Record<string, string[]> = {
    uploads_account_created_idx: ['account_id', 'created_at', 'id'],
    uploads_account_views_idx: ['account_id', 'view_count', 'id'],
    uploads_account_likes_idx: ['account_id', 'like_count', 'id'],
    uploads_page_created_idx: ['page_id', 'created_at', 'id'],
    uploads_page_views_idx: ['page_id', 'view_count', 'id'],
    uploads_page_likes_idx: ['page_id', 'like_count', 'id'],
    uploads_account_encoding_idx: ['account_id', 'encoding_status', 'created_at'],
    uploads_account_type_idx: ['account_id', 'type', 'created_at'],
    uploads_account_hidden_idx: ['account_id', 'is_hidden', 'created_at'],
    uploads_account_allowed_idx: ['account_id', 'is_allowed', 'moderation_status', 'created_at'],
    uploads_page_approval_idx: ['page_id', 'encoding_status', 'approved_at', 'created_at'],
    uploads_created_idx: ['created_at', 'id'],
    uploads_views_idx: ['view_count', 'id'],
    uploads_likes_idx: ['like_count', 'id'],
    uploads_encoding_created_idx: ['encoding_status', 'created_at'],
    uploads_type_created_idx: ['type', 'created_at'],
    uploads_hidden_created_idx: ['is_hidden', 'created_at'],
    uploads_allowed_created_idx: ['is_allowed', 'moderation_status', 'created_at'],
  };
  for (const [name, columns] of Object.entries(uploadIndexes)) {
    await db.schema.createIndex(name).on('uploads').columns(columns).execute();
  }

  // Submissions: the fan data filters and sorts, and the upload filters by venue, song and artist.
  await db.schema.dropIndex('submissions_account_created_idx').execute();
  await db.schema.dropIndex('submissions_page_created_idx').execute();
  const submissionIndexes: Record<string, string[]> = {
    submissions_account_created_idx: ['account_id', 'created_at', 'id'],
    submissions_page_created_idx: ['page_id', 'created_at', 'id'],
    submissions_account_venue_idx: ['account_id', 'venue_city', 'created_at'],
    submissions_account_song_idx: ['account_id', 'song', 'created_at'],
    submissions_account_artist_idx: ['account_id', 'artist', 'created_at'],
    submissions_account_consent_idx: ['account_id', 'marketing_consent', 'created_at'],
    submissions_account_email_idx: ['account_id', 'email'],
    submissions_account_name_idx: ['account_id', 'last_name', 'first_name'],
    submissions_account_country_idx: ['account_id', 'country', 'created_at'],
  };
  for (const [name, columns] of Object.entries(submissionIndexes)) {
    await db.schema.createIndex(name).on('submissions').columns(columns).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['fan_erasures', 'fan_data_exports', 'upload_tags', 'upload_events']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
