import type { Kysely } from 'kysely';

/**
 * A fan upload remembers the browser token it was created with: the cap on
 * uploads not yet submitted counts per browser, so a crowd behind one address is not one fan.
 * Null for a client that sent no valid token (counted per address, as before).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('capture_uploads').addColumn('client_key', 'text').execute();
  await db.schema.createIndex('capture_uploads_client_idx').on('capture_uploads').column('client_key').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('capture_uploads_client_idx').execute();
  await db.schema.alterTable('capture_uploads').dropColumn('client_key').execute();
}
