import { sql, type Kysely } from 'kysely';
import { estimateStored } from '#shared/domain/hll';

/**
 * Insights fast at any size: long ranges read months, not days.
 * - stats_months gains the day counters (uploads, views, link clicks), and stats_country_months
 *   holds visits per country a month at a time, so two years of a page are 24 rows, not 730;
 * - stats_days gains unique_count, the estimate of its sketch kept as the sketch changes, so the
 *   daily CSV never decodes sketches;
 * - a covering index on stats_days' counters, so daily charts read no sketch bytes.
 * Existing roll-ups are filled in from the day rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['uploads', 'views', 'link_clicks']) {
    await db.schema
      .alterTable('stats_months')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .alterTable('stats_days')
    .addColumn('unique_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('stats_country_months')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_country_months_pk', ['account_id', 'page_id', 'month', 'country'])
    .execute();
  await db.schema
    .createIndex('stats_days_counters_idx')
    .on('stats_days')
    .columns(['account_id', 'page_id', 'day', 'visits', 'uploads', 'views', 'link_clicks', 'unique_count'])
    .execute();

  // WHERE true: SQLite's parser needs it between INSERT ... SELECT and ON CONFLICT.
  await sql`
    INSERT INTO stats_months (account_id, page_id, month, visits, uploads, views, link_clicks)
    SELECT account_id, page_id, substr(day, 1, 7), 0, sum(uploads), sum(views), sum(link_clicks) FROM stats_days WHERE true GROUP BY account_id, page_id, substr(day, 1, 7)
    ON CONFLICT (account_id, page_id, month) DO UPDATE SET uploads = excluded.uploads, views = excluded.views, link_clicks = excluded.link_clicks`.execute(db);
  await sql`
    INSERT INTO stats_country_months (account_id, page_id, month, country, visits)
    SELECT account_id, page_id, substr(day, 1, 7), country, sum(visits) FROM stats_countries GROUP BY account_id, page_id, substr(day, 1, 7), country`.execute(
    db,
  );
  let after = { accountId: '', pageId: '', day: '' };
  for (;;) {
    const rows = await db
      .selectFrom('stats_days')
      .select(['account_id as accountId', 'page_id as pageId', 'day', 'uniques'])
      .where((eb) => eb(eb.refTuple('account_id', 'page_id', 'day'), '>', eb.tuple(after.accountId, after.pageId, after.day)))
      .where('uniques', 'is not', null)
      .orderBy('account_id')
      .orderBy('page_id')
      .orderBy('day')
      .limit(1000)
      .execute();
    for (const row of rows) {
      await db
        .updateTable('stats_days')
        .set({ unique_count: estimateStored(row.uniques) })
        .where('account_id', '=', row.accountId)
        .where('page_id', '=', row.pageId)
        .where('day', '=', row.day)
        .execute();
    }
    if (rows.length < 1000) break;
    after = rows[rows.length - 1];
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('stats_days_counters_idx').ifExists().execute();
  await db.schema.dropTable('stats_country_months').ifExists().execute();
  await db.schema.alterTable('stats_days').dropColumn('unique_count').execute();
  for (const column of ['uploads', 'views', 'link_clicks']) await db.schema.alterTable('stats_months').dropColumn(column).execute();
}
