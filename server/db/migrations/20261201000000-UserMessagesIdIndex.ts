import type { Kysely } from 'kysely';

/**
 * A user's messages are a declared resource (shared/resources/user-messages.ts): its list reads
 * one user's rows newest first with the id as the tie-break, so the index ends in the id and a
 * page needs no sort step. It replaces the index that stopped at the time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('user_messages_user_created_at_idx').on('user_messages').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.dropIndex('user_messages_user_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('user_messages_user_idx').on('user_messages').columns(['user_id', 'created_at']).execute();
  await db.schema.dropIndex('user_messages_user_created_at_idx').execute();
}
