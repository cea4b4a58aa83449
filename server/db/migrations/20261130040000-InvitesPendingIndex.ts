import type { Kysely } from 'kysely';

/**
 * Pending invitations are a declared resource (shared/resources/invites.ts): its list reads an
 * account's pending rows newest first, so the index leads with the status and ends in the id,
 * and a page needs no sort step.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('invites_account_status_created_at_idx').on('invites').columns(['account_id', 'status', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invites_account_status_created_at_idx').execute();
}
