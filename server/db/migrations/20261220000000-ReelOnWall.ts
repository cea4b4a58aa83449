import type { Kysely } from 'kysely';

/**
 * Staff may put a reel on its page's wall: reels.on_wall (0/1). The wall shows the newest such
 * reel of the page while it has outputs, above the fans' uploads; an out-of-date reel, whose
 * outputs are gone, is off the wall until rendered again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('reels')
    .addColumn('on_wall', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reels').dropColumn('on_wall').execute();
}
