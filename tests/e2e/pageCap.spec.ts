import { expect, test } from '@playwright/test';
import { openAs, withServerDb } from './support';

// console.md section 6: 'creating a page or inviting a user beyond the cap shows an upgrade prompt. Platform admins may bypass upgrade prompts.'

async function enabledPages(slug: string): Promise<{ count: number; cap: number | null }> {
  return withServerDb(async ({ db }) => {
    const account = await db.selectFrom('accounts').select(['id', 'planLimits']).where('slug', '=', slug).executeTakeFirstOrThrow();
    const row = await db
      .selectFrom('pages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('accountId', '=', account.id)
      .where('status', '=', 'enabled')
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), cap: (JSON.parse(account.planLimits as string) as { pages: number | null }).pages };
  });
}

test('New Page shows the active-pages upgrade prompt when the account is at its cap of active pages', async ({ page }) => {
  const harbor = await enabledPages('harborcityfc');
  expect(harbor.cap).not.toBeNull();
  expect(harbor.count).toBeGreaterThanOrEqual(harbor.cap!);
  await openAs(page, 'owner@example.com', '/pages', { account: 'Harbor City FC' });
  await page.getByRole('button', { name: 'New Page' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Page' });
  await expect(dialog.getByRole('region', { name: 'More active pages' })).toBeVisible();
  await expect(dialog.getByText('Your plan has reached its number of active pages. Upgrade to run more pages at once.')).toBeVisible();
});

test('under the cap, and for platform admins, New Page shows no prompt', async ({ page }) => {
  const owls = await enabledPages('midnightowls');
  expect(owls.cap === null || owls.count < owls.cap).toBe(true);
  await openAs(page, 'owner@example.com', '/pages', { account: 'The Midnight Owls' });
  await page.getByRole('button', { name: 'New Page' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Page' });
  await expect(dialog.getByRole('textbox', { name: /Name/ })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'More active pages' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await openAs(page, 'admin@example.com', '/pages', { account: 'Harbor City FC' });
  await page.getByRole('button', { name: 'New Page' }).click();
  await expect(dialog.getByRole('textbox', { name: /Name/ })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'More active pages' })).toHaveCount(0);
});
