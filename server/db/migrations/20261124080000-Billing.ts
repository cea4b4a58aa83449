import type { Kysely } from 'kysely';

/**
 * Subscription billing and the Dropbox integration:
 * - accounts: the provider's subscription, its period end, a plan waiting for it (downgrade or
 *   cancellation at the period's end), a failed payment, and the time of the last provider event
 *   applied (older events arriving late are not applied over newer ones);
 * - billing_events: every provider event id handled once (webhooks are retried and replayed);
 * - billing_sessions: the offline provider's checkouts, confirmed or canceled on our own page;
 * - integration_secrets: encrypted refresh tokens (AES-256-GCM), one per account and provider;
 * - oauth_states: the state and PKCE verifier of a connect in progress.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('stripe_subscription_id', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('subscription_status', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('current_period_end', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('pending_plan', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('payment_failed_at', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('billing_event_at', 'text').execute();
  await db.schema.createIndex('accounts_stripe_customer_idx').on('accounts').column('stripe_customer_id').execute();
  await db.schema.createIndex('accounts_pending_plan_idx').on('accounts').columns(['pending_plan', 'current_period_end']).execute();

  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('billing_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('billing_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('billing_sessions_account_idx').on('billing_sessions').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('integration_secrets')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('integration_secrets_pk', ['account_id', 'provider'])
    .execute();

  await db.schema
    .createTable('oauth_states')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('verifier', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['oauth_states', 'integration_secrets', 'billing_sessions', 'billing_events']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('accounts_pending_plan_idx').ifExists().execute();
  await db.schema.dropIndex('accounts_stripe_customer_idx').ifExists().execute();
  for (const column of ['billing_event_at', 'payment_failed_at', 'pending_plan', 'current_period_end', 'subscription_status', 'stripe_subscription_id']) {
    await db.schema.alterTable('accounts').dropColumn(column).execute();
  }
}
