import { expect, test } from '@playwright/test';

test('the landing page is in pt-BR with both cards and the three blurbs', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('link', { name: 'Sortear Agora' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Consultar Sorteio' })).toBeVisible();
  for (const blurb of ['Com ou sem bilhetes', 'Tempo real', 'Totalmente seguro']) {
    await expect(page.getByText(blurb, { exact: true })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Sortear Agora' }).click();
  await expect(page).toHaveURL(/\/sorteio-publico$/);
});

test('an unknown path shows the 404 screen and logs the path', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (msg) => logged.push(msg.text()));
  await page.goto('/caminho/que-nao-existe');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByText('Página não encontrada')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home Voltar ao início' })).toBeVisible();
  expect(logged.some((line) => line.includes('/caminho/que-nao-existe'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('after one visit the app opens with the network off', async ({ page, context }) => {
  await page.goto('/');
  // The service worker takes control of this page once it has precached the shell.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sortear Agora' })).toBeVisible();

  // A client route that was never visited also opens offline (navigation fallback).
  await page.goto('/sorteio-publico');
  await expect(page.getByRole('link', { name: /voltar/i }).first()).toBeVisible();
  await context.setOffline(false);
});

test('the manifest makes the app installable', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  const manifest = await res.json();
  expect(manifest.lang).toBe('pt-BR');
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('/');
  const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
  expect(sizes).toContain('192x192');
  expect(sizes).toContain('512x512');
  expect(manifest.icons.some((i: { purpose?: string }) => i.purpose?.includes('maskable'))).toBe(true);
  for (const icon of manifest.icons) {
    const img = await request.get('/' + icon.src.replace(/^\//, ''));
    expect(img.headers()['content-type']).toBe('image/png');
  }
});

test('Chromium finds nothing that keeps the app from being installed', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Test browser contexts are incognito, where Chromium never offers installs; any other error
  // (manifest, icons, service worker, start_url) is the app's.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
});
