import type { Kysely } from 'kysely';

/**
 * Counted attempts per key (sign-in failures, mails sent to a recipient), replacing
 * login_attempts: each row has an id so a reserved attempt can be given back.
 * The old rows are 15-minute counters and are not carried over.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attempts_key_idx').on('attempts').columns(['key', 'attempted_at']).execute();
  await db.schema.dropTable('login_attempts').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attempts').ifExists().execute();
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_key_idx').on('login_attempts').columns(['key', 'attempted_at']).execute();
}
