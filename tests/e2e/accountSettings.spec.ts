import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { verifyWebhook } from '../../server/adapters/webhooks/signature';
import { openAs } from './support';

test('the owner edits links and the help address, and they persist', async ({ page }) => {
  await openAs(page, 'owner@example.com', '/pages', { account: 'The Midnight Owls' });
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Configuration' }).click();
  await expect(page).toHaveURL(/\/account-settings$/);

  await page.getByRole('textbox', { name: /^Help email address/ }).fill('crew@owls.example');
  // The demo's links go first (the rest of the test fills the lists from empty).
  const remove = page.getByRole('button', { name: 'Remove link' });
  await expect(remove.first()).toBeVisible();
  while ((await remove.count()) > 0) await remove.first().click();
  const headerAdd = page.getByRole('button', { name: 'Add link' }).first();
  for (let i = 0; i < 6; i++) await headerAdd.click();
  await expect(page.getByRole('button', { name: 'Add link' })).toHaveCount(1);
  const labels = page.getByRole('textbox', { name: /^Label/ });
  const urls = page.getByRole('textbox', { name: /^URL/ });
  for (let i = 5; i >= 2; i--) await page.getByRole('button', { name: 'Remove link' }).nth(i).click();
  await labels.nth(0).fill('Tickets on sale');
  await urls.nth(0).fill('https://owls.example/tickets');
  await page.getByRole('checkbox', { name: 'Primary' }).first().check();
  await labels.nth(1).fill('A label far too long');
  await urls.nth(1).fill('not a url');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Must be 15 characters or less')).toBeVisible();
  await expect(page.getByText('Must be a valid URL')).toBeVisible();
  await labels.nth(1).fill('Merch');
  await urls.nth(1).fill('https://owls.example/merch');

  const preview = page.getByRole('figure', { name: 'Preview on a capture page' });
  await expect(preview.getByText('Tickets on sale')).toBeVisible();
  await expect(preview.getByText('Merch')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Configuration saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: /^Help email address/ })).toHaveValue('crew@owls.example');
  await expect(page.getByRole('textbox', { name: /^Label/ }).nth(0)).toHaveValue('Tickets on sale');
  await expect(page.getByRole('textbox', { name: /^Label/ }).nth(1)).toHaveValue('Merch');
  await expect(page.getByRole('link', { name: 'Help' })).toHaveAttribute('href', 'mailto:crew@owls.example');
});

test("a 'user (can edit, cannot manage users)' saves the configuration and may connect Dropbox", async ({ page }) => {
  await openAs(page, 'user@example.com', '/account-settings');
  const help = page.getByRole('textbox', { name: /^Help email address/ });
  await expect(help).toBeEnabled();
  await help.fill('user.saved@owls.example');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Configuration saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Dropbox' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: /^Help email address/ })).toHaveValue('user.saved@owls.example');
});

test('a read-only member sees the configuration without a save button', async ({ page }) => {
  await openAs(page, 'readonly@example.com', '/account-settings');
  await expect(page.getByRole('textbox', { name: /^Help email address/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add link' })).toHaveCount(0);
});

test('an account admin sets a webhook endpoint, sends a test, sees it delivered, and removes it once confirmed', async ({ page }) => {
  // A delivery goes through the job queue: on a busy shared machine that takes a while.
  test.slow();
  // The receiver: the e2e server runs with WEBHOOKS_ALLOW_LOCAL, so a loopback http endpoint is allowed.
  const received: { body: string; signature: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['x-webhook-signature'] ?? '') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    await openAs(page, 'owner@example.com', '/account-settings', { account: 'The Midnight Owls' });
    const card = page.getByRole('region', { name: 'Webhooks' });
    const field = card.getByRole('textbox', { name: 'Endpoint (https://)' });

    // Private networks are refused (the address is checked, never called).
    await field.fill('https://10.1.2.3/hooks');
    await card.getByRole('button', { name: 'Save endpoint' }).click();
    await expect(card.getByText('The endpoint must be on the public internet, not a private or local network')).toBeVisible();

    await field.fill(endpoint);
    await card.getByRole('button', { name: 'Save endpoint' }).click();
    await expect(page.getByText('Webhook endpoint saved')).toBeVisible();
    await card.getByRole('button', { name: 'Show secret' }).click();
    const secret = await card.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);

    await card.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByText('Test event queued; it shows in the log below')).toBeVisible();
    const log = card.getByRole('table', { name: 'Recent deliveries' });
    await expect(log.getByRole('row', { name: /webhook\.test\s+Delivered\s+204/ })).toBeVisible({ timeout: 30_000 });
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0].body)).toMatchObject({ event: 'webhook.test' });
    expect(verifyWebhook(secret, received[0].body, received[0].signature)).toBe(true);
    await page.screenshot({ path: '.tmp/webhooks-1280.png', fullPage: true });

    // Removing asks first; canceling keeps the endpoint.
    await card.getByRole('button', { name: 'Remove endpoint' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove the webhook endpoint?' });
    await expect(confirm.getByText(`No more events will be sent to ${endpoint}.`, { exact: false })).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(field).toHaveValue(endpoint);
    await card.getByRole('button', { name: 'Remove endpoint' }).click();
    await page.getByRole('dialog', { name: 'Remove the webhook endpoint?' }).getByRole('button', { name: 'Remove endpoint' }).click();
    await expect(page.getByText('Webhook endpoint removed')).toBeVisible();
    await expect(field).toHaveValue('');
    await expect(card.getByRole('button', { name: 'Send test' })).toHaveCount(0);
    // The log stays.
    await expect(log.getByRole('row', { name: /webhook\.test/ })).toBeVisible();
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
