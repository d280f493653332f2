import { expect, test } from '@playwright/test';
import { uniqueEmail } from './helpers';
import { SeedClient } from './seed';

// Someone signs up with a password at another person's address (a sign-up proves nothing about
// it). When the address's owner signs in at the provider, which verified it, the owner wins: the
// password and every session of that account end, and the one who typed the password never sees
// what the owner makes afterwards (docs/security.md).
test('a verified provider sign-in takes the account from a password sign-up at the same address', async ({ browser }) => {
  test.setTimeout(60_000); // two browsers and the provider's pages: about 30 s on a loaded machine
  const email = uniqueEmail('dona');

  // The squatter signs up in a browser of their own.
  const squatter = await browser.newContext();
  const theirs = await squatter.newPage();
  await theirs.goto('/auth');
  await theirs.getByRole('tab', { name: 'Criar Conta' }).click();
  await theirs.getByLabel('E-mail').fill(email);
  await theirs.getByLabel('Senha').fill('segredo1');
  await theirs.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(theirs).toHaveURL(/\/dashboard$/);
  await expect(theirs.getByRole('main').getByText(email)).toBeVisible();

  // The owner signs in at the provider with the address verified (the box is checked).
  const owner = await browser.newContext();
  const mine = await owner.newPage();
  await mine.goto('/auth');
  await mine.getByRole('link', { name: 'Entrar com Provedor de Teste' }).click();
  await mine.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await expect(mine.getByRole('checkbox', { name: 'E-mail verificado' })).toBeChecked();
  await mine.getByRole('button', { name: 'Entrar' }).click();
  await expect(mine).toHaveURL(/\/dashboard$/);

  // The owner's data from now on.
  const raffle = await new SeedClient(owner.request).createRaffle({ title: 'Rifa da dona do e-mail' });
  await mine.reload();
  await expect(mine.getByText('Rifa da dona do e-mail')).toBeVisible();

  // The squatter's earlier session is over: the organiser pages send them to /auth, the API
  // answers 401, and the owner's raffle appears nowhere.
  const feed = await squatter.request.get('/api/sync/raffles');
  expect(feed.status()).toBe(401);
  expect(await feed.text()).not.toContain(raffle.id);
  await theirs.goto('/dashboard');
  await expect(theirs).toHaveURL(/\/auth$/);
  await expect(theirs.getByText('Rifa da dona do e-mail')).toHaveCount(0);

  // And the password no longer signs in: the usual wrong-credentials message.
  await theirs.getByLabel('E-mail').fill(email);
  await theirs.getByLabel('Senha').fill('segredo1');
  await theirs.getByRole('button', { name: 'Entrar' }).click();
  await expect(theirs.getByText('E-mail ou senha incorretos.')).toBeVisible();
  await expect(theirs).toHaveURL(/\/auth$/);

  await squatter.close();
  await owner.close();
});
