import type { Kysely } from 'kysely';

/**
 * The fan's language: the one a submission was made in, for the mails the fan gets,
 * and the one its consent texts were shown in. 'en' for everything before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('submissions')
    .addColumn('locale', 'text', (col) => col.notNull().defaultTo('en'))
    .execute();
  await db.schema
    .alterTable('consent_records')
    .addColumn('locale', 'text', (col) => col.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('consent_records').dropColumn('locale').execute();
  await db.schema.alterTable('submissions').dropColumn('locale').execute();
}
