import type { Kysely } from 'kysely';

/**
 * A submission's claim on a finished tus upload becomes recoverable: the claim
 * has a lease (claimed_at, renewed while the bytes move) and names the original's key, fixed at
 * the first claim. A process killed after the claim, during the move or before the insert
 * leaves a claim whose lease runs out; the fan's retry takes it over and finishes the same move
 * to the same key, so the upload is stored once, whole.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('capture_uploads').addColumn('claimed_at', 'text').execute();
  await db.schema.alterTable('capture_uploads').addColumn('original', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('capture_uploads').dropColumn('original').execute();
  await db.schema.alterTable('capture_uploads').dropColumn('claimed_at').execute();
}
