import { expect, test, type Page } from '@playwright/test';
import { createAccount, uniqueEmail } from './helpers';
import { waitForMail } from './mailbox';
import { test as ownServerTest } from './own-server';

// Mail goes through a real SMTP server and inbox (Mailpit, playwright.config.ts): the tests read
// what a person would receive and follow its links; no token is read from the database.

const FORGOT_ANSWER = 'Se houver uma conta com esse e-mail, enviamos um link.';

test('sign up, open the confirmation e-mail, follow its link: the banner goes', async ({ page, baseURL }) => {
  const email = uniqueEmail('confirma');
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Criar Conta' }).click();
  await page.getByRole('tabpanel').getByLabel('E-mail').fill(email);
  await page.getByRole('tabpanel').getByLabel('Senha').fill('segredo1');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Criar Conta' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByRole('status').filter({ hasText: 'Confirme seu e-mail' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Reenviar' })).toBeVisible();

  const mail = await waitForMail(page.request, email, 'Confirme seu e-mail');
  expect(mail.link.startsWith(`${baseURL}/confirmar-email#token=`)).toBe(true);
  expect(mail.html).toContain(mail.link);
  expect(mail.html).not.toMatch(/<img|src=/);
  await page.goto(mail.link);
  await expect(page.getByText('E-mail confirmado! Obrigado.')).toBeVisible();
  await page.getByRole('link', { name: 'Ir para Meus Sorteios' }).click();
  await expect(page.getByRole('heading', { name: 'Meus Sorteios' })).toBeVisible();
  await expect(page.getByText('Confirme seu e-mail')).toHaveCount(0);

  // The same link again says it was used.
  await page.goto(mail.link);
  await expect(page.getByText('Este link já foi usado. Peça um novo.')).toBeVisible();
});

async function askForLink(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page.getByRole('heading', { name: 'Esqueci minha senha' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByText(FORGOT_ANSWER)).toBeVisible();
}

test('forget the password, follow the link, set a new one: the other browser is signed out', async ({ browser, page, baseURL }) => {
  const email = uniqueEmail('esqueci');
  const other = await browser.newContext();
  await createAccount(other.request, email, 'senha-antiga');
  const otherPage = await other.newPage();
  await otherPage.goto('/dashboard');
  await expect(otherPage.getByRole('heading', { name: 'Meus Sorteios' })).toBeVisible();

  // An address without an account gets the same answer.
  await askForLink(page, uniqueEmail('ninguem'));
  await askForLink(page, email);
  const mail = await waitForMail(page.request, email, 'Redefinir sua senha');
  expect(mail.link.startsWith(`${baseURL}/redefinir-senha#token=`)).toBe(true);

  await page.goto(mail.link);
  await expect(page.getByRole('heading', { name: 'Criar nova senha' })).toBeVisible();
  await page.getByLabel('Nova senha').fill('senha-nova-9');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('main').getByText(email)).toBeVisible();

  await otherPage.goto('/conta');
  await expect(otherPage).toHaveURL(/\/auth$/);
  await other.close();

  const old = await page.request.post('/api/auth/signin', { data: { email, password: 'senha-antiga' } });
  expect(old.status()).toBe(401);
});

// The link's expiry follows the server's clock: moved past its 30 minutes on a server of the
// worker's own (own-server.ts), so no spec beside it sees its clock jump.
ownServerTest('an expired reset link says so and offers a new one', async ({ page, ownServer }) => {
  const email = uniqueEmail('expirado');
  await createAccount(page.request, email, 'senha-antiga');
  await page.context().clearCookies();
  await askForLink(page, email);
  const mail = await waitForMail(page.request, email, 'Redefinir sua senha');
  ownServer.setClock(31 * 60_000);
  await page.goto(mail.link);
  await page.getByLabel('Nova senha').fill('senha-nova-9');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByRole('alert')).toHaveText('Este link expirou. Peça um novo.');
  await page.getByRole('link', { name: 'Pedir um novo link' }).click();
  await expect(page.getByRole('heading', { name: 'Esqueci minha senha' })).toBeVisible();
});
