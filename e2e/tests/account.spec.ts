import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createAccount, uniqueEmail } from './helpers';

// The provider is bin/oidc-dev on E2E_PORT + 1 (playwright.config.ts): a real discovery document,
// JWKS, signed ID tokens and a login page that trusts the e-mail typed.
test('an organiser signs in through the identity provider and lands on the dashboard', async ({ page }) => {
  const email = uniqueEmail('oidc');
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Entrar com Provedor de Teste' }).click();

  await expect(page.getByRole('heading', { name: 'Provedor de teste' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Entrar' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('main').getByText(email)).toBeVisible();

  await page.getByRole('link', { name: 'Minha conta' }).click();
  await expect(page.getByRole('heading', { name: 'Minha conta' })).toBeVisible();
  await expect(page.getByText(/Provedor de identidade \(127\.0\.0\.1:\d+\)/)).toBeVisible();
  // A provider-only account has no password to change.
  await expect(page.getByRole('button', { name: 'Alterar senha' })).toHaveCount(0);
});

test('refusing at the provider returns to /auth with a pt-BR message', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Entrar com Provedor de Teste' }).click();
  await page.getByRole('button', { name: 'Recusar' }).click();
  await expect(page).toHaveURL(/\/auth\?erro=oidc_denied$/);
  await expect(page.getByRole('alert')).toHaveText('A entrada pelo provedor foi cancelada ou recusada.');
});

test("'Minha conta': change the password, download the data, delete the account", async ({ page }) => {
  const email = uniqueEmail('conta');
  await createAccount(page.request, email, 'segredo1');
  await page.goto('/conta');
  await expect(page.getByText('E-mail e senha')).toBeVisible();

  await page.getByLabel('Senha atual').fill('errada');
  await page.getByLabel('Nova senha').fill('nova-senha');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha atual incorreta.')).toBeVisible();
  await page.getByLabel('Senha atual').fill('segredo1');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada')).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar meus dados' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^sorteio-meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(data.account.email).toBe(email);
  expect(data.sessions.length).toBeGreaterThan(0);
  // snake_case names and Unix-millisecond times, as in the rest of the API.
  expect(data.account.has_password).toBe(true);
  expect(typeof data.exported_at).toBe('number');

  await page.getByRole('button', { name: 'Excluir conta' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(`Digite ${email} para confirmar`).fill(email);
  await dialog.getByRole('button', { name: 'Excluir conta' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  const again = await page.request.post('/api/auth/signin', { data: { email, password: 'nova-senha' } });
  expect(again.status()).toBe(401);
});
