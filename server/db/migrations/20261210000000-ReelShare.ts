import type { Kysely } from 'kysely';

/**
 * A reel's share address (/r/{token}): a secret token staff give it, rotate or revoke. Unique, so
 * the public page finds its reel by it alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reels').addColumn('share_token', 'text').execute();
  await db.schema.createIndex('reels_share_token_idx').on('reels').column('share_token').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reels_share_token_idx').execute();
  await db.schema.alterTable('reels').dropColumn('share_token').execute();
}
