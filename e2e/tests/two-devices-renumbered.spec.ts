import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { organiser } from './helpers';

// Two browsers, offline and back: minutes of work on a busy machine, not seconds.
test.describe.configure({ timeout: 90_000 });

// Numbers a phone gives offline are provisional: shown so until sent, and, when another phone gave
// them out meanwhile, the server renumbers them, keeping clear of the numbers the same phone typed
// later; the phone then says which changed (docs/sync-protocol.md, "Ticket numbers").

const syncBar = (page: Page) => page.getByRole('region', { name: 'Sincronização' });
const person = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });

async function twoPhones(browser: Browser, prefix: string) {
  const { context: one, seed, email } = await organiser(browser, prefix);
  const two: BrowserContext = await browser.newContext();
  await two.request.post('/api/auth/signin', { data: { email, password: 'segredo1' } });
  return { one, two, seed };
}

async function open(page: Page, id: string, title: string) {
  await page.goto(`/gerenciar/${id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
}

async function add(page: Page, name: string, number = '') {
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByLabel('Bilhete (opcional)').fill(number);
  await page.getByRole('button', { name: 'Adicionar participante' }).click();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('');
}

test('numbers chosen offline are provisional, renumbered clear of the typed ones, and the phone says which', async ({ browser }) => {
  const { one, two, seed } = await twoPhones(browser, 'renumbered');
  const raffle = await seed.createRaffle({ title: 'Rifa do bairro' });
  const a = await one.newPage();
  const b = await two.newPage();
  await open(a, raffle.id, 'Rifa do bairro');
  await open(b, raffle.id, 'Rifa do bairro');

  // B, offline: two people numbered by the phone (001, 002), then one with 003 typed.
  await two.setOffline(true);
  await add(b, 'Bia Rocha');
  await add(b, 'Caio Melo');
  await add(b, 'Davi Lins', '003');
  await expect(syncBar(b)).toContainText('3 alterações pendentes');
  await expect(person(b, 'Bia Rocha')).toContainText('001');
  await expect(person(b, 'Bia Rocha').getByText('provisório')).toBeVisible();
  await expect(person(b, 'Davi Lins')).not.toContainText('provisório');

  // A, online, gives out 001 and 002 meanwhile.
  await add(a, 'Ana Prado');
  await add(a, 'Alberto Reis');
  await expect(syncBar(a)).toContainText('Tudo sincronizado');

  await two.setOffline(false);
  await expect(b.getByText('Bilhetes renumerados pelo servidor: 001–002 → 004–005')).toBeVisible();
  await expect(syncBar(b)).toContainText('Tudo sincronizado');
  // Davi keeps his typed 003: the server's numbers for Bia and Caio went around it.
  await expect(person(b, 'Davi Lins')).toContainText('003');
  await expect(person(b, 'Bia Rocha')).toContainText('004');
  await expect(person(b, 'Caio Melo')).toContainText('005');
  await expect(b.getByText('provisório')).toHaveCount(0);
  await expect(b.locator('#nao-enviados')).toHaveCount(0);
  await one.close();
  await two.close();
});
