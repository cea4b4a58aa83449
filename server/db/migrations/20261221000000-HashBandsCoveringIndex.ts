import type { Kysely } from 'kysely';

/**
 * The hash-band look-up reads only the index: (account, band, created_at) then the upload id, so
 * an upload's hundreds of band probes among 100k fingerprints never visit the table's rows (each
 * probe's rows were a random read of the table for their upload id). It replaces the index that
 * stopped at created_at.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('upload_hash_bands_covering_idx').on('upload_hash_bands').columns(['account_id', 'band', 'created_at', 'upload_id']).execute();
  await db.schema.dropIndex('upload_hash_bands_lookup_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('upload_hash_bands_lookup_idx').on('upload_hash_bands').columns(['account_id', 'band', 'created_at']).execute();
  await db.schema.dropIndex('upload_hash_bands_covering_idx').execute();
}
