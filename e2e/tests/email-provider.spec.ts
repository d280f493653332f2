import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './helpers';
import { waitForMail } from './mailbox';

// An account made at the provider has no password: to move it to a new address, its owner signs in
// at the provider again (the server asks for the login page, prompt=login), then follows the link
// sent to the new address, as a password account does. Through the development provider and Mailpit.

const SENT = 'Enviamos um link para o novo e-mail. O e-mail da conta muda quando você abrir o link.';

async function providerLogin(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Provedor de teste' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

async function signInAtProvider(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Entrar com Provedor de Teste' }).click();
  await providerLogin(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a provider-only account changes its address by signing in at the provider again', async ({ browser, page, baseURL }) => {
  test.setTimeout(60_000); // the provider's pages, Mailpit and a second browser: about 20 s loaded
  await page.setViewportSize({ width: 360, height: 740 });
  const atProvider = uniqueEmail('provedor');
  const next = uniqueEmail('novo');
  await signInAtProvider(page, atProvider);

  await page.goto('/conta');
  const section = page
    .locator('section, div')
    .filter({ has: page.getByRole('heading', { name: 'Alterar e-mail' }) })
    .last();
  await expect(section.getByLabel('Sua senha')).toHaveCount(0);
  await section.screenshot({ path: test.info().outputPath('conta-provedor-360.png') });
  await section.getByLabel('Novo e-mail').fill(next);

  // Signing in at the provider as someone else is refused, and nothing is sent.
  await section.getByRole('button', { name: 'Confirmar com Provedor de Teste' }).click();
  await providerLogin(page, uniqueEmail('outra-pessoa'));
  await expect(page).toHaveURL(/\/conta$/);
  await expect(page.getByRole('alert')).toHaveText('Você entrou no provedor com outra conta. Use a conta ligada a este Sorteio.');
  await section.screenshot({ path: test.info().outputPath('conta-provedor-recusado-360.png') });

  // The address typed before the trip is still there. The provider shows its login again (no
  // silent reuse of the first sign-in); the right person signs in.
  await expect(section.getByLabel('Novo e-mail')).toHaveValue(next);
  await section.getByRole('button', { name: 'Confirmar com Provedor de Teste' }).click();
  await providerLogin(page, atProvider);
  await expect(page).toHaveURL(/\/conta$/);
  await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible();
  await section.screenshot({ path: test.info().outputPath('conta-provedor-enviado-360.png') });
  await expect(page.getByRole('main').getByText(atProvider, { exact: true })).toBeVisible(); // nothing moved yet

  const mail = await waitForMail(page.request, next, 'Confirme seu novo e-mail');
  expect(mail.link.startsWith(`${baseURL}/confirmar-novo-email#token=`)).toBe(true);
  await page.goto(mail.link);
  await expect(page.getByText('E-mail alterado! A conta agora usa o novo endereço.')).toBeVisible();
  const notice = await waitForMail(page.request, atProvider, 'O e-mail da sua conta mudou');
  expect(notice.text).toContain(next);

  // Another browser signs in at the provider, as before, and finds the account at its new address.
  const other = await browser.newContext();
  const again = await other.newPage();
  await signInAtProvider(again, atProvider);
  await again.goto('/conta');
  await expect(again.getByRole('main').getByText(next)).toBeVisible();
  await expect(again.getByRole('main').getByText(atProvider, { exact: true })).toHaveCount(0);
  await other.close();
});
