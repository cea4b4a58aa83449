import { expect, test } from '@playwright/test';
import { openAs } from './support';

// The Pages list's 'Page' column (account slug plus base URL plus page slug) links to the live page.

test('the Page column links to the live capture page when the page is enabled, and is plain text otherwise', async ({ page }) => {
  await openAs(page, 'owner@example.com', '/pages', { account: 'The Midnight Owls' });
  const enabled = page.getByRole('row', { name: /Summer Tour 2026/ });
  const link = enabled.getByRole('link', { name: /\/p\/midnightowls\/summertour2026$/ });
  await expect(link).toHaveAttribute('target', '_blank');

  const [capture] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(capture).toHaveURL(/\/p\/midnightowls\/summertour2026$/);
  await expect(capture.getByRole('heading', { level: 1 })).toBeVisible();
  await capture.close();
  // The click opened the page, not the row's editor.
  await expect(page).toHaveURL(/\/pages$/);

  const notEnabled = page.getByRole('row', { name: /Album Launch Party/ });
  await expect(notEnabled.getByText(/\/p\/midnightowls\/albumlaunchparty$/)).toBeVisible();
  await expect(notEnabled.getByRole('link')).toHaveCount(0);
});
