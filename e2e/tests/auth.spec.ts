import { expect, test } from '@playwright/test';
import { createAccount, uniqueEmail } from './helpers';

test('a visitor creates an account, lands on the dashboard and signs out', async ({ page }) => {
  const email = uniqueEmail('ana');
  await page.goto('/');
  await page.getByRole('link', { name: 'Criar Conta' }).first().click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByRole('tab', { name: 'Criar Conta' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill('segredo1');
  await page.getByRole('button', { name: 'Criar Conta' }).click();

  await expect(page.getByText('Conta criada!')).toBeVisible();
  await expect(page.getByText('Você já pode fazer login.')).toHaveCount(0); // signed in already
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Meus Sorteios' })).toBeVisible();
  await expect(page.getByRole('main').getByText(email)).toBeVisible();

  // The session survives a reload (HttpOnly cookie, not browser storage).
  await page.reload();
  await expect(page.getByRole('main').getByText(email)).toBeVisible();

  // Back on the landing page the header leads to the raffles, not to a sign-in.
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Meus Sorteios' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a wrong password shows "Erro ao fazer login" and keeps the visitor on /auth', async ({ page }) => {
  const email = uniqueEmail('bia');
  await createAccount(page.request, email, 'segredo1');
  await page.context().clearCookies();

  await page.goto('/auth');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar' }).click();

  await expect(page.getByText('Erro ao fazer login')).toBeVisible();
  await expect(page.getByText('E-mail ou senha incorretos.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  // The password is typed again from empty; the e-mail stays.
  await expect(page.getByLabel('Senha')).toHaveValue('');
  await expect(page.getByLabel('E-mail')).toHaveValue(email);

  // The right password then works.
  await page.getByLabel('Senha').fill('segredo1');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("sign-up's mistakes are explained in Portuguese under their fields, whatever the browser's language", async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Criar Conta' }).click();
  const email = page.getByLabel('E-mail');
  await email.fill('sem-arroba');
  await page.getByLabel('Senha').fill('123');
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  // The browser's own check (English here) would have stopped the form: the server's words instead.
  await expect(email).toHaveAccessibleDescription('Informe um e-mail válido.');
  await email.fill(uniqueEmail('curta'));
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(page.getByLabel('Senha')).toHaveAccessibleDescription('A senha deve ter pelo menos 6 caracteres.');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a signed-in visitor opening /auth goes to the dashboard', async ({ page }) => {
  await createAccount(page.request, uniqueEmail('caio'), 'segredo1');
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('organiser pages send a signed-out visitor to /auth', async ({ page }) => {
  for (const path of ['/dashboard', '/criar-sorteio', '/gerenciar/0192f0c1-0000-7000-8000-000000000000']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth$/);
  }
});
