import type { Kysely } from 'kysely';

/**
 * Highlight reels (shared/resources/reels.ts): the clips as a JSON list of texts (an upload's id,
 * with its cut where staff set one), the render's status and progress, and the keys of its three
 * outputs. Each sort and filter of the list leads an index ending in the id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // Checked against the account's pages when the reel is made; pages are archived, never deleted.
    .addColumn('page_id', 'text')
    .addColumn('clips', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    // Double precision: PostgreSQL's real would answer 13.2 as 13.199999809.
    .addColumn('duration', 'double precision')
    .addColumn('vertical_key', 'text')
    .addColumn('square_key', 'text')
    .addColumn('landscape_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reels_account_name_id_idx').on('reels').columns(['account_id', 'name', 'id']).execute();
  await db.schema.createIndex('reels_account_created_id_idx').on('reels').columns(['account_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('reels_account_status_id_idx').on('reels').columns(['account_id', 'status', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reels').execute();
}
