import type { Kysely } from 'kysely';

/**
 * The delivery log is a declared resource (shared/resources/webhook-deliveries.ts): its list sorts
 * by (created_at, id), so its index ends in the id too, and a page needs no sort step.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('webhook_deliveries_account_created_at_idx').on('webhook_deliveries').columns(['account_id', 'created_at', 'id']).execute();
  await db.schema.dropIndex('webhook_deliveries_account_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('webhook_deliveries_account_idx').on('webhook_deliveries').columns(['account_id', 'created_at']).execute();
  await db.schema.dropIndex('webhook_deliveries_account_created_at_idx').execute();
}
