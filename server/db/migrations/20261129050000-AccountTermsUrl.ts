import type { Kysely } from 'kysely';

/**
 * An account may name its own terms of service: its capture pages link there
 * instead of the platform's /terms. accounts.terms_url, null for the platform's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('terms_url', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('terms_url').execute();
}
