import { expect, test, type Page } from '@playwright/test';
import { openAs } from './support';

const plan = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

// platform-admin.md section 9: 'Embedded YouTube, fan data capture, video uploads, export, download,
// approval flow, AI moderation and standard analytics are on every plan.'
const EVERY_PLAN = ['Embedded YouTube', 'Fan data capture', 'Video uploads', 'Export', 'Download', 'Approval flow', 'AI moderation', 'Standard analytics'];

test("the plan table lists what every plan has, and the prices as the spec's table gives them", async ({ page }) => {
  await openAs(page, 'owner@example.com', '/account-settings/subscription', { account: 'Harbor City FC' });
  for (const name of ['Free', 'Basic', 'Pro', 'Enterprise']) {
    const card = plan(page, name);
    for (const feature of EVERY_PLAN) {
      const item = card.getByRole('listitem').filter({ hasText: new RegExp(`(^|Included)${feature}$`) });
      await expect(item).toBeVisible();
      await expect(item.getByRole('img', { name: 'Included' })).toBeVisible();
    }
  }
  // 'free forever', '$22 per month monthly, $20 per month billed annually', 'coming soon', 'contact sales'.
  await expect(plan(page, 'Free').getByText('Free forever')).toBeVisible();
  await expect(plan(page, 'Basic').getByText('$22 per month monthly')).toBeVisible();
  await expect(plan(page, 'Basic').getByText('$20 per month billed annually')).toBeVisible();
  await expect(plan(page, 'Pro').getByText('Coming soon').first()).toBeVisible();
  await expect(plan(page, 'Enterprise').getByText('Contact sales').first()).toBeVisible();
  // The switches a plan can turn off still say which plan has them.
  await expect(plan(page, 'Free').getByRole('listitem').filter({ hasText: 'Fan photos' }).getByRole('img', { name: 'Not included' })).toBeVisible();
  await expect(plan(page, 'Basic').getByRole('listitem').filter({ hasText: 'Fan photos' }).getByRole('img', { name: 'Included' })).toBeVisible();
});

test('an account already on Pro is not told its plan is coming soon', async ({ page }) => {
  await openAs(page, 'owner@example.com', '/account-settings/subscription', { account: 'The Midnight Owls' });
  const pro = plan(page, 'Pro');
  await expect(pro.getByText('Current plan')).toBeVisible();
  await expect(pro.getByText('Contact sales')).toBeVisible();
  await expect(pro.getByText('Coming soon')).toHaveCount(0);
});
