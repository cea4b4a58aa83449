import type { Kysely } from 'kysely';

/**
 * What a fan agreed to, append-only: the exact texts shown (marketing consent and each custom
 * term, as JSON [{text, accepted, required}]), when, on which page, for which submission.
 * Later edits of the page's texts never change a record; nothing updates or deletes rows here
 * except the cascade when the account itself is deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('consent_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('page_id', 'text', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('submission_id', 'text', (c) => c.notNull())
    .addColumn('consents', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consent_records_submission_idx').on('consent_records').column('submission_id').execute();
  await db.schema.createIndex('consent_records_page_idx').on('consent_records').columns(['page_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('consent_records').execute();
}
