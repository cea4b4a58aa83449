import type { Kysely } from 'kysely';

/**
 * A clip that must be encoded is first made reviewable as a smaller, quickly encoded mp4 (the
 * review proxy); the full-quality mp4 replaces it later. uploads.mp4_proxy is 1 while uploads.mp4
 * names the proxy, so the job that makes the full mp4 knows it has work and the console knows a
 * better copy is coming.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('mp4_proxy', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('mp4_proxy').execute();
}
