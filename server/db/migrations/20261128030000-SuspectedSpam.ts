import type { Kysely } from 'kysely';

/**
 * Submissions that filled the capture form's hidden honeypot field: kept,
 * not dropped, as suspected spam until a platform admin allows them or 7 days pass. The
 * original is in the file store under the upload id the submission will have; `submission`
 * holds what the normal path writes (the fan's fields, the consent texts as shown), so allowing
 * writes the same rows a normal submission does. No uploads row exists until then: nothing
 * counts it, lists it, mails it or processes it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('suspected_spam')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('page_id', 'text', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('original', 'text', (c) => c.notNull())
    .addColumn('submission', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('purge_after', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('suspected_spam_created_idx').on('suspected_spam').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('suspected_spam_purge_idx').on('suspected_spam').column('purge_after').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('suspected_spam').execute();
}
