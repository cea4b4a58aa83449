import { sql, type Kysely } from 'kysely';

/**
 * Fan Uploads and Fan Data at a million rows: every filter of the lists
 * walks an index in the order of every sort, so a page reads its own rows and little else.
 *
 * - Uploads, equality filters with many rows (type): (account_id, type, sort, id), and the same
 *   without the account for Platform Uploads.
 * - Uploads, statuses that are few rows (pending, failed, hidden, content-flagged, waiting for
 *   approval): partial indexes holding only those rows, (account_id, sort, id) and (sort, id),
 *   small however big the table. The list states the same constants (repositories/uploads.ts).
 *   The approval ones carry page_id, checked from the index against the pages requiring approval.
 * - Fan data: the filter and sort indexes end in id, the list's tie-break, so no sort step is left.
 * The indexes they replace go.
 */
const SORTS = { created: 'created_at', views: 'view_count', likes: 'like_count' };

const PARTIAL: Record<string, string> = {
  pending: `encoding_status = 'pending'`,
  failed: `encoding_status = 'failed'`,
  hidden: 'is_hidden = 1',
  flagged: `is_allowed = 0 and moderation_status = 'processed'`,
  unapproved: `encoding_status = 'processed' and approved_at is null`,
};

const REPLACED_UPLOAD_INDEXES = [
  'uploads_account_encoding_idx',
  'uploads_account_type_idx',
  'uploads_account_hidden_idx',
  'uploads_account_allowed_idx',
  'uploads_encoding_created_idx',
  'uploads_type_created_idx',
  'uploads_hidden_created_idx',
  'uploads_allowed_created_idx',
];

const SUBMISSION_INDEXES: Record<string, string[]> = {
  submissions_account_venue_idx: ['account_id', 'venue_city', 'created_at', 'id'],
  submissions_account_song_idx: ['account_id', 'song', 'created_at', 'id'],
  submissions_account_artist_idx: ['account_id', 'artist', 'created_at', 'id'],
  submissions_account_consent_idx: ['account_id', 'marketing_consent', 'created_at', 'id'],
  submissions_account_email_idx: ['account_id', 'email', 'id'],
  submissions_account_name_idx: ['account_id', 'last_name', 'first_name', 'id'],
  submissions_account_country_idx: ['account_id', 'country', 'created_at', 'id'],
};

function uploadIndexes(): { name: string; columns: string[]; where?: string }[] {
  const indexes: { name: string; columns: string[]; where?: string }[] = [];
  for (const [sortName, column] of Object.entries(SORTS)) {
    indexes.push({ name: `uploads_account_type_${sortName}_idx`, columns: ['account_id', 'type', column, 'id'] });
    indexes.push({ name: `uploads_type_${sortName}_idx`, columns: ['type', column, 'id'] });
    for (const [status, where] of Object.entries(PARTIAL)) {
      // The pages requiring approval are checked from the index (SQLite needs approved_at in it too to read no row).
      const page = status === 'unapproved' ? ['page_id', 'approved_at'] : [];
      indexes.push({ name: `uploads_account_${status}_${sortName}_idx`, columns: ['account_id', column, 'id', ...page], where });
      indexes.push({ name: `uploads_${status}_${sortName}_idx`, columns: [column, 'id', ...page], where });
    }
  }
  return indexes;
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const name of REPLACED_UPLOAD_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  for (const { name, columns, where } of uploadIndexes()) {
    const on = sql.join(columns.map((column) => sql.ref(column)));
    await sql`create index ${sql.ref(name)} on uploads (${on})${where ? sql.raw(` where ${where}`) : sql``}`.execute(db);
  }
  for (const [name, columns] of Object.entries(SUBMISSION_INDEXES)) {
    await db.schema.dropIndex(name).ifExists().execute();
    await db.schema.createIndex(name).on('submissions').columns(columns).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { name } of uploadIndexes()) await db.schema.dropIndex(name).ifExists().execute();
  const previous: Record<string, string[]> = {
    uploads_account_encoding_idx: ['account_id', 'encoding_status', 'created_at'],
    uploads_account_type_idx: ['account_id', 'type', 'created_at'],
    uploads_account_hidden_idx: ['account_id', 'is_hidden', 'created_at'],
    uploads_account_allowed_idx: ['account_id', 'is_allowed', 'moderation_status', 'created_at'],
    uploads_encoding_created_idx: ['encoding_status', 'created_at'],
    uploads_type_created_idx: ['type', 'created_at'],
    uploads_hidden_created_idx: ['is_hidden', 'created_at'],
    uploads_allowed_created_idx: ['is_allowed', 'moderation_status', 'created_at'],
  };
  for (const [name, columns] of Object.entries(previous)) await db.schema.createIndex(name).on('uploads').columns(columns).execute();
}
