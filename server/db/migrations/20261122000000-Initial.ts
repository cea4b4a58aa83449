import type { Kysely } from 'kysely';

/**
 * The whole data model of both spec documents. Portable across SQLite and PostgreSQL:
 * ids and timestamps are text (UTC ISO strings sort correctly), booleans are 0/1 integers,
 * structured values (links, limits, lists, schedules) are JSON text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text')
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('video_processed_emails', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_login', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_name_idx').on('users').columns(['last_name', 'first_name']).execute();
  await db.schema.createIndex('users_status_idx').on('users').column('status').execute();
  await db.schema.createIndex('users_type_idx').on('users').column('type').execute();
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();
  await db.schema.createIndex('users_last_login_idx').on('users').column('last_login').execute();

  await db.schema
    .createTable('musician_profiles')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('feature_position', 'integer')
    .addColumn('image', 'text')
    .addColumn('image2', 'text')
    .addColumn('image3', 'text')
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('instruments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('band', 'text')
    .addColumn('location', 'text')
    .addColumn('facebook', 'text')
    .addColumn('instagram', 'text')
    .addColumn('youtube', 'text')
    .addColumn('twitter', 'text')
    .addColumn('website', 'text')
    .addColumn('customembed', 'text')
    .addColumn('enable_lessons', 'integer')
    .addColumn('half_hour_rate', 'integer')
    .addColumn('hour_rate', 'integer')
    .addColumn('location_online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('location_musician', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('location_student', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lesson_location', 'text')
    .addColumn('lesson_availability', 'text')
    .addColumn('migrate_scheduling', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('timezone', 'text')
    .addColumn('schedule', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('schedule_offs', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sent_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_messages_user_idx').on('user_messages').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('enabled'))
    .addColumn('subscription_plan', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('billing_type', 'text', (c) => c.notNull().defaultTo('yearly'))
    .addColumn('plan_limits', 'text', (c) => c.notNull())
    .addColumn('stripe_customer_id', 'text')
    .addColumn('help_email_address', 'text')
    .addColumn('links', 'text', (c) => c.notNull().defaultTo('{"primary":null,"header":[],"footer":[]}'))
    .addColumn('favicon', 'text')
    .addColumn('header_image', 'text')
    .addColumn('light_header', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('css_override', 'text')
    .addColumn('primary_color', 'text')
    .addColumn('secondary_color', 'text')
    .addColumn('image', 'text')
    .addColumn('social_site_image', 'text')
    .addColumn('social_site_title', 'text')
    .addColumn('social_site_description', 'text')
    .addColumn('integrations', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_name_idx').on('accounts').column('name').execute();
  await db.schema.createIndex('accounts_status_idx').on('accounts').column('status').execute();
  await db.schema.createIndex('accounts_created_at_idx').on('accounts').column('created_at').execute();

  await db.schema
    .createTable('account_users')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_users_pk', ['account_id', 'user_id'])
    .execute();
  await db.schema.createIndex('account_users_user_idx').on('account_users').column('user_id').execute();

  await db.schema
    .createTable('invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invites_account_idx').on('invites').columns(['account_id', 'status', 'email']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tokens_user_idx').on('tokens').columns(['user_id', 'kind']).execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_key_idx').on('login_attempts').columns(['key', 'attempted_at']).execute();

  await db.schema
    .createTable('pages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('image', 'text')
    .addColumn('ad_image', 'text')
    .addColumn('ad_url', 'text')
    .addColumn('require_approval', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_submissions', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('liking_status', 'text', (c) => c.notNull().defaultTo('enabled'))
    .addColumn('capture_email', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('capture_name', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('capture_country', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('capture_city_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('capture_zip', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('capture_dob', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('capture_phone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('capture_instagram', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('capture_tiktok', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('capture_venue_city', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('venue_cities', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('capture_song_list', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('song_list', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('capture_artist', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('artist_list', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('capture_marketing_consent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('marketing_consent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('custom_terms', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('pages_account_slug_unique', ['account_id', 'slug'])
    .execute();
  await db.schema.createIndex('pages_account_created_idx').on('pages').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('pages_account_name_idx').on('pages').columns(['account_id', 'name']).execute();
  await db.schema.createIndex('pages_account_status_idx').on('pages').columns(['account_id', 'status']).execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('page_id', 'text', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('encoding_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('original', 'text', (c) => c.notNull())
    .addColumn('mp4', 'text')
    .addColumn('webm', 'text')
    .addColumn('thumbnail', 'text')
    .addColumn('custom_thumbnail', 'text')
    .addColumn('approved_at', 'text')
    .addColumn('is_hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_allowed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('share_token', 'text', (c) => c.notNull().unique())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('moderation_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('moderation_labels', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_account_created_idx').on('uploads').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('uploads_account_views_idx').on('uploads').columns(['account_id', 'view_count']).execute();
  await db.schema.createIndex('uploads_account_likes_idx').on('uploads').columns(['account_id', 'like_count']).execute();
  await db.schema.createIndex('uploads_page_created_idx').on('uploads').columns(['page_id', 'created_at']).execute();
  await db.schema.createIndex('uploads_encoding_idx').on('uploads').columns(['account_id', 'encoding_status']).execute();
  await db.schema.createIndex('uploads_created_idx').on('uploads').column('created_at').execute();

  await db.schema
    .createTable('submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('page_id', 'text', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('upload_id', 'text', (c) => c.references('uploads.id').onDelete('set null'))
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('email', 'text')
    .addColumn('dob', 'text')
    .addColumn('country', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip', 'text')
    .addColumn('phone', 'text')
    .addColumn('instagram', 'text')
    .addColumn('tiktok', 'text')
    .addColumn('venue_city', 'text')
    .addColumn('song', 'text')
    .addColumn('artist', 'text')
    .addColumn('marketing_consent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('terms_accepted', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('submissions_account_created_idx').on('submissions').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('submissions_page_created_idx').on('submissions').columns(['page_id', 'created_at']).execute();
  await db.schema.createIndex('submissions_upload_idx').on('submissions').column('upload_id').execute();

  await db.schema
    .createTable('visits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('page_id', 'text', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('country', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('visits_account_created_idx').on('visits').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('visits_page_created_idx').on('visits').columns(['page_id', 'created_at']).execute();

  await db.schema
    .createTable('link_clicks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('page_id', 'text', (c) => c.references('pages.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('to_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('link_clicks_account_created_idx').on('link_clicks').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('views')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('views_account_created_idx').on('views').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('views_upload_idx').on('views').column('upload_id').execute();

  await db.schema
    .createTable('likes')
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('likes_pk', ['upload_id', 'visitor_id'])
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('locked_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_status_run_idx').on('jobs').columns(['status', 'run_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'jobs',
    'likes',
    'views',
    'link_clicks',
    'visits',
    'submissions',
    'uploads',
    'pages',
    'login_attempts',
    'tokens',
    'sessions',
    'invites',
    'account_users',
    'accounts',
    'user_messages',
    'musician_profiles',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
