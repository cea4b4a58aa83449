import { sql, type Kysely } from 'kysely';

/**
 * Pages are a declared resource (shared/resources/pages.ts): each sort of its list leads an index
 * that ends in the id (the tie-break), so a page of the list needs no sort step, and the name is
 * sorted without regard to case. They replace the indexes that stopped at the sorted column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index pages_account_lower_name_idx on pages (account_id, lower(name), id)`.execute(db);
  await db.schema.createIndex('pages_account_status_id_idx').on('pages').columns(['account_id', 'status', 'id']).execute();
  await db.schema.createIndex('pages_account_created_id_idx').on('pages').columns(['account_id', 'created_at', 'id']).execute();
  for (const index of ['pages_account_name_idx', 'pages_account_status_idx', 'pages_account_created_idx']) await db.schema.dropIndex(index).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('pages_account_name_idx').on('pages').columns(['account_id', 'name']).execute();
  await db.schema.createIndex('pages_account_status_idx').on('pages').columns(['account_id', 'status']).execute();
  await db.schema.createIndex('pages_account_created_idx').on('pages').columns(['account_id', 'created_at']).execute();
  for (const index of ['pages_account_lower_name_idx', 'pages_account_status_id_idx', 'pages_account_created_id_idx'])
    await db.schema.dropIndex(index).execute();
}
