import { expect, test } from '@playwright/test';
import { h264Clip, latestSubmission } from './captureSupport';
import { seriousViolations } from './axe';
import { FAN_LOCALES, loadFanMessages } from '#shared/i18n/fan/locales';

/**
 * The capture page in the fan's language: a phone set to Mexican Spanish gets the
 * page, its form and its thanks in Spanish, and the submission keeps 'es'; the language switch
 * re-words the page in place and the choice survives a reload, kept in localStorage: the fan
 * side sets no cookie. In every fan language, the capture page with its wall and a share page
 * pass axe-core (no serious or critical violation).
 */
const OWLS = '/p/midnightowls/summertour2026';

test.describe.configure({ timeout: 120_000 });
test.use({ locale: 'es-MX', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a Spanish phone gets the page in Spanish, sends in it and is thanked in it; German is remembered', async ({ page, context, baseURL }) => {
  await page.goto(OWLS);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible();

  await page.getByLabel('Elegir un video o una foto').setInputFiles(h264Clip(2));
  await page.getByLabel('Nombre').fill('Lucía');
  await page.getByLabel('Apellido').fill('Pérez');
  await page.getByLabel('Correo electrónico').fill('lucia.e2e@example.com');
  await page.getByLabel('Ciudad').fill('Monterrey');
  await page.getByLabel('Estado o región').fill('Nuevo León');
  // Country names in the fan's language, sent as their code.
  await page.getByLabel('País').fill('México');
  await page.getByLabel('Concierto al que fuiste').selectOption('Denver, CO');
  await page.getByLabel('Canción').selectOption('Hollow Moon');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('heading', { name: '¡Gracias!' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Recibimos tu envío. Lo revisaremos pronto.')).toBeVisible();
  const sent = await latestSubmission('midnightowls', 'summertour2026');
  expect(sent?.submission).toMatchObject({ email: 'lucia.e2e@example.com', country: 'MX', locale: 'es' });
  expect(sent?.consent).toMatchObject({ locale: 'es' });

  await page.getByLabel('Idioma').selectOption('de');
  await expect(page.getByRole('button', { name: 'Noch etwas hochladen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await context.cookies(baseURL)).toEqual([]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('button', { name: 'Senden' })).toBeVisible();
  await expect(page.getByLabel('Sprache')).toHaveValue('de');
  expect(await context.cookies(baseURL)).toEqual([]);
});

test('the capture page with its wall, and a share page, pass axe in every fan language', async ({ page, request }) => {
  const wall = (await (await request.get('/api/public/pages/midnightowls/summertour2026/wall')).json()) as { data: { shareLink: string }[] };
  expect(wall.data.length, "the demo page's wall has uploads").toBeGreaterThan(0);
  const share = new URL(wall.data[0]!.shareLink).pathname;
  for (const locale of FAN_LOCALES) {
    const m = await loadFanMessages(locale);
    await page.goto(`${OWLS}?lang=${locale}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('button', { name: m.form.send, exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: m.wall.heading }).getByRole('listitem').first()).toBeVisible();
    expect.soft(await seriousViolations(page), `capture page and wall in ${locale}`).toEqual([]);

    await page.goto(`${share}?lang=${locale}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect.soft(await seriousViolations(page), `share page in ${locale}`).toEqual([]);
  }
});
