import type { Kysely } from 'kysely';

/**
 * Telling people about uploads:
 * - uploads.duration: a video's length in seconds, from ffprobe;
 * - sent_mails: one row per mail a job sent, keyed by what it is about, so a job run twice sends once;
 * - upload_notices and mail_digests: the 'video processed' uploads waiting for each opted-in
 *   user, and when that user's digest was last sent or is next due (at most one per window);
 * - webhooks and webhook_deliveries: an account's signed endpoint and the log of its deliveries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('duration', 'real').execute();

  await db.schema
    .createTable('sent_mails')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('upload_notices')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('mailed_at', 'text')
    .addPrimaryKeyConstraint('upload_notices_pk', ['user_id', 'upload_id'])
    .execute();
  await db.schema.createIndex('upload_notices_user_mailed_idx').on('upload_notices').columns(['user_id', 'mailed_at']).execute();

  await db.schema
    .createTable('mail_digests')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_sent_at', 'text')
    .addColumn('scheduled_for', 'text')
    .execute();

  await db.schema
    .createTable('webhooks')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_deliveries_account_idx').on('webhook_deliveries').columns(['account_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['webhook_deliveries', 'webhooks', 'mail_digests', 'upload_notices', 'sent_mails']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('uploads').dropColumn('duration').execute();
}
