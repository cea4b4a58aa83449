import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Selectable } from 'kysely';
import type { AccountsTable, PagesTable } from '../../server/db/types';
import { PLAN_LIMITS } from '#shared/domain/plans';
import { openAs, withServerDb } from './support';
import { seriousViolations } from './axe';

const SHOTS = '.tmp/subscription';

async function openSubscription(page: Page) {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Subscription' }).click();
  await expect(page).toHaveURL(/\/account-settings\/subscription$/);
}

const plan = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

let before: { account?: Selectable<AccountsTable>; page?: Pick<Selectable<PagesTable>, 'id' | 'status'> } = {};

test.beforeAll(async () => {
  // The demo is shared with other specs: Harbor City FC goes back to Free, as it was, afterwards.
  before = await withServerDb(async ({ db }) => ({
    account: await db.selectFrom('accounts').selectAll().where('slug', '=', 'harborcityfc').executeTakeFirstOrThrow(),
    page: await db
      .selectFrom('pages')
      .innerJoin('accounts', 'accounts.id', 'pages.accountId')
      .select(['pages.id', 'pages.status'])
      .where('accounts.slug', '=', 'harborcityfc')
      .where('pages.name', '=', 'Cup Final')
      .executeTakeFirstOrThrow(),
  }));
});

test.afterAll(async () => {
  await withServerDb(async ({ db }) => {
    const { id, subscriptionPlan, billingType, planLimits, pendingPlan, currentPeriodEnd, subscriptionStatus } = before.account!;
    await db
      .updateTable('accounts')
      .set({ subscriptionPlan, billingType, planLimits, pendingPlan, currentPeriodEnd, subscriptionStatus })
      .where('id', '=', id)
      .execute();
    await db.updateTable('pages').set({ status: before.page!.status }).where('id', '=', before.page!.id).execute();
  });
});

test('the owner of a free account upgrades to Basic yearly, cancels at the confirmation, and downgrades at the period end', async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await openAs(page, 'owner@example.com', '/pages', { account: 'Harbor City FC' });
  await openSubscription(page);

  await expect(plan(page, 'Free').getByText('Current plan')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
  await expect(plan(page, 'Basic').getByText('$20 per month billed annually')).toBeVisible();
  await expect(plan(page, 'Pro').getByRole('button', { name: 'Coming soon' })).toBeDisabled();
  await expect(plan(page, 'Enterprise').getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', 'mailto:support@fancontent.local');
  await page.getByRole('button', { name: 'Monthly' }).click();
  await expect(plan(page, 'Basic').getByText('$22 per month monthly')).toBeVisible();
  await page.getByRole('button', { name: 'Yearly' }).click();
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await expect(plan(page, 'Basic')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/owner-${size.width}.png`, fullPage: true });
    expect.soft(await seriousViolations(page), `subscription at ${size.width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Cancel at our own confirmation page: Payment Canceled, nothing changed.
  await plan(page, 'Basic').getByRole('button', { name: 'Choose Basic' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm plan change' })).toBeVisible();
  await expect(page.getByText('Change from Free to Basic')).toBeVisible();
  await expect(page.getByText('$240.00 now, for one year')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/confirm-1280.png`, fullPage: true });
  expect.soft(await seriousViolations(page), 'confirmation page').toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Payment Canceled')).toBeVisible();
  await expect(plan(page, 'Free').getByText('Current plan')).toBeVisible();

  // Confirm: Subscription Updated and Basic's limits.
  await plan(page, 'Basic').getByRole('button', { name: 'Choose Basic' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm plan change' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Subscription Updated')).toBeVisible();
  await expect(plan(page, 'Basic').getByText('Current plan')).toBeVisible();

  // A second page can now be enabled.
  await page.getByRole('link', { name: 'Your Pages' }).click();
  await page
    .getByRole('row', { name: /Cup Final/ })
    .getByText('Cup Final')
    .click();
  await expect(page.getByRole('heading', { name: 'Cup Final', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Enable Page' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Enable Page' }).click();
  await expect(page).toHaveURL(/\/pages$/);
  await expect(page.getByRole('row', { name: /Cup Final/ }).getByText('Enabled')).toBeVisible();

  // Downgrade: Subscription Downgraded, Basic stays to the end of the billing cycle.
  await openSubscription(page);
  await plan(page, 'Free').getByRole('button', { name: 'Choose Free' }).click();
  await expect(page.getByText('No charge. Your current plan stays until the end of the billing cycle.')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Subscription Downgraded')).toBeVisible();
  await expect(page.getByText('The change takes effect at the end of the billing cycle.')).toBeVisible();
  await expect(page.getByText(/Your plan changes to Free on .+, at the end of the billing cycle\./)).toBeVisible();
  await expect(plan(page, 'Basic').getByText('Current plan')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/downgraded-1280.png`, fullPage: true });
});

test('the offline billing portal shows the period and next renewal, and cancels the subscription to Free at the period end', async ({ page }) => {
  // Two full page loads (to the portal and back) and axe-core at two widths.
  test.slow();
  const end = new Date(Date.now() + 30 * 86400_000);
  await withServerDb(({ db }) =>
    db
      .updateTable('accounts')
      .set({
        subscriptionPlan: 'basic',
        billingType: 'yearly',
        planLimits: JSON.stringify(PLAN_LIMITS.basic),
        currentPeriodEnd: end.toISOString(),
        subscriptionStatus: 'active',
        pendingPlan: null,
      })
      .where('slug', '=', 'harborcityfc')
      .execute(),
  );
  await openAs(page, 'owner@example.com', '/pages', { account: 'Harbor City FC' });
  await openSubscription(page);
  await expect(page.getByText('After a downgrade over the new limits, nothing is deleted', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Billing portal' }).click();

  const portal = page.getByRole('region', { name: 'Billing portal' });
  const day = end.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  await expect(portal.getByText(`The current period ends on ${day}`)).toBeVisible();
  await expect(portal.getByText(`$240.00 on ${day}`)).toBeVisible();
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/portal-${size.width}.png`, fullPage: true });
    expect.soft(await seriousViolations(page), `portal at ${size.width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await portal.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(confirm.getByText(`Your account keeps Basic and its limits until ${day}, then moves to Free.`, { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText('Subscription Downgraded')).toBeVisible();
  await expect(page.getByText(`Your plan changes to Free on ${day}, at the end of the billing cycle.`)).toBeVisible();
  await expect(plan(page, 'Basic').getByText('Current plan')).toBeVisible();
});

test('an account admin may change the plan but the billing portal stays with the owner', async ({ page }) => {
  await openAs(page, 'sam@example.com', '/pages');
  await openSubscription(page);
  await expect(plan(page, 'Pro').getByText('Current plan')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose Basic' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Billing portal' })).toHaveCount(0);
  await expect(page.getByText('Only account admins and owners can change the plan.')).toHaveCount(0);
});

test("a 'user (can edit, cannot manage users)' sees the plan but cannot change it", async ({ page }) => {
  await openAs(page, 'user@example.com', '/pages');
  await openSubscription(page);
  await expect(plan(page, 'Pro').getByText('Current plan')).toBeVisible();
  await expect(page.getByText('Only account admins and owners can change the plan.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Choose / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Billing portal' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(plan(page, 'Free')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/readonly-390.png`, fullPage: true });
});
