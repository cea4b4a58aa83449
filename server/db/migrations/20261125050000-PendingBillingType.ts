import type { Kysely } from 'kysely';

/**
 * A downgrade to a cheaper paid plan waits for the period's end like one to Free, and the
 * billing type it will be billed by waits with it: accounts.pending_billing_type.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('pending_billing_type', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('pending_billing_type').execute();
}
