import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Insights: the account's time zone, which decides where its days start, and the
 * roll-ups every stat is read from, kept current in the transaction of each event.
 *
 * Each roll-up row is per account, page and day (the account's local day, YYYY-MM-DD); page_id ''
 * is the whole account, so an unfiltered range reads one row a day whatever the page count.
 * - stats_days: visits, uploads, views, link clicks and a HyperLogLog sketch of the visitors;
 * - stats_months: the same sketch a month at a time, so long ranges merge months, not days;
 * - stats_countries, stats_links, stats_upload_views: visits per country, clicks per link,
 *   views per upload.
 * No visitor key is stored in any of them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const blob = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
  await db.schema
    .alterTable('accounts')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();

  const account = (c: any) => c.notNull().references('accounts.id').onDelete('cascade');
  await db.schema
    .createTable('stats_days')
    .addColumn('account_id', 'text', account)
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uploads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('link_clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uniques', blob)
    .addPrimaryKeyConstraint('stats_days_pk', ['account_id', 'page_id', 'day'])
    .execute();
  await db.schema
    .createTable('stats_months')
    .addColumn('account_id', 'text', account)
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uniques', blob)
    .addPrimaryKeyConstraint('stats_months_pk', ['account_id', 'page_id', 'month'])
    .execute();
  await db.schema
    .createTable('stats_countries')
    .addColumn('account_id', 'text', account)
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_countries_pk', ['account_id', 'page_id', 'day', 'country'])
    .execute();
  await db.schema
    .createTable('stats_links')
    .addColumn('account_id', 'text', account)
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('to_url', 'text', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_links_pk', ['account_id', 'page_id', 'day', 'label', 'to_url'])
    .execute();
  await db.schema
    .createTable('stats_upload_views')
    .addColumn('account_id', 'text', account)
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_upload_views_pk', ['account_id', 'page_id', 'day', 'upload_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['stats_upload_views', 'stats_links', 'stats_countries', 'stats_months', 'stats_days']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('accounts').dropColumn('time_zone').execute();
}
