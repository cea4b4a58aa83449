import type { Kysely } from 'kysely';

/**
 * A clip's poster is chosen among frames of it; the few best are kept so staff can pick another.
 * uploads.poster_candidates is the JSON list of their keys in the file store, best first (null
 * for a photo, and for a clip processed before candidates were kept); the thumbnail names one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('poster_candidates', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('poster_candidates').execute();
}
