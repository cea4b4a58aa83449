import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * The venue screen of a page (/p/{account}/{page}/screen?token=...) is opened with a secret staff
 * can rotate: pages.screen_token, one per page (existing pages get theirs here, so every page has
 * a screen). pages.auto_approve lets uploads the model clears with a margin go on screen without a
 * person; uploads.approved_automatically tells staff which ones did.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pages').addColumn('screen_token', 'text').execute();
  await db.schema
    .alterTable('pages')
    .addColumn('auto_approve', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('uploads')
    .addColumn('approved_automatically', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  const pages = await db.selectFrom('pages').select('id').execute();
  for (const { id } of pages) {
    await db
      .updateTable('pages')
      .set({ screen_token: randomBytes(24).toString('base64url') })
      .where('id', '=', id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('approved_automatically').execute();
  await db.schema.alterTable('pages').dropColumn('auto_approve').execute();
  await db.schema.alterTable('pages').dropColumn('screen_token').execute();
}
