import type { Kysely } from 'kysely';

/**
 * A staff user's language: the console switches to it after sign-in and their mails
 * are written in it. users.locale, null until they choose (the console follows the browser).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
