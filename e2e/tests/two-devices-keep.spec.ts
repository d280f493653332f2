import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { organiser } from './helpers';

// Two browsers, offline and back, then reloads: minutes of work on a busy machine, not seconds.
test.describe.configure({ timeout: 90_000 });

// Two phones of one account, offline at once, then online one after the other: what the server
// refuses of the second stays on it, with its reason, in 'Não enviados', until the person settles it.

const syncBar = (page: Page) => page.getByRole('region', { name: 'Sincronização' });
const notSent = (page: Page) => page.locator('#nao-enviados');

async function twoPhones(browser: Browser, prefix: string) {
  const { context: one, seed, email } = await organiser(browser, prefix);
  const two: BrowserContext = await browser.newContext();
  await two.request.post('/api/auth/signin', { data: { email, password: 'segredo1' } });
  return { one, two, seed };
}

/** Opens the raffle on a phone once it is synced there, and waits for its service worker (offline reloads). */
async function open(page: Page, id: string, title: string) {
  await page.goto(`/gerenciar/${id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
}

test('a ticket given offline to someone removed on the other phone is refused, kept and explained', async ({ browser }) => {
  const { one, two, seed } = await twoPhones(browser, 'keep-removed');
  const raffle = await seed.createRaffle({ title: 'Rifa da paróquia' });
  await seed.addPeople(raffle.id, ['Xavier Souza', 'Yara Lima']);
  const a = await one.newPage();
  const b = await two.newPage();
  await open(a, raffle.id, 'Rifa da paróquia');
  await open(b, raffle.id, 'Rifa da paróquia');

  await one.setOffline(true);
  await two.setOffline(true);
  await a.getByRole('button', { name: /^Remover Xavier Souza/ }).click();
  await a.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
  await b.getByRole('button', { name: 'Adicionar bilhete para Xavier Souza' }).click();
  await expect(syncBar(b)).toContainText('1 alteração pendente');

  await one.setOffline(false);
  await expect(syncBar(a)).toContainText('Tudo sincronizado');
  await two.setOffline(false);
  await expect(notSent(b)).toContainText('Xavier Souza foi removido em outro aparelho');
  await expect(syncBar(b).getByRole('link', { name: '1 alteração não enviada' })).toBeVisible();
  await expect(syncBar(b)).not.toContainText('Tudo sincronizado');

  // Both reloaded: the server kept the removal; B still holds its refused ticket with the reason.
  await a.reload();
  await b.reload();
  for (const p of [a, b]) await expect(p.getByRole('button', { name: 'Adicionar bilhete para Yara Lima' })).toBeVisible();
  for (const p of [a, b]) await expect(p.getByRole('button', { name: 'Adicionar bilhete para Xavier Souza' })).toHaveCount(0);
  await expect(notSent(a)).toHaveCount(0);
  await expect(notSent(b)).toContainText('Xavier Souza foi removido em outro aparelho');

  // Settled: discarded after a confirmation, and the bar is clear again.
  await notSent(b).getByRole('button', { name: 'Descartar' }).click();
  await b.getByRole('dialog').getByRole('button', { name: 'Descartar' }).click();
  await expect(notSent(b)).toHaveCount(0);
  await expect(syncBar(b)).toContainText('Tudo sincronizado');
  await one.close();
  await two.close();
});

test('people added offline to a raffle deleted on the other phone are kept, and go into another raffle', async ({ browser }) => {
  const { one, two, seed } = await twoPhones(browser, 'keep-deleted');
  const gone = await seed.createRaffle({ title: 'Rifa cancelada' });
  await seed.createRaffle({ title: 'Rifa nova' });
  const b = await two.newPage();
  await open(b, gone.id, 'Rifa cancelada');

  await two.setOffline(true);
  for (const name of ['Ana Costa', 'Bruno Reis', 'Carla Dias']) {
    await b.getByLabel('Nome', { exact: true }).fill(name);
    await b.getByRole('button', { name: 'Adicionar participante' }).click();
    await expect(b.getByLabel('Nome', { exact: true })).toHaveValue('');
  }
  await expect(syncBar(b)).toContainText('3 alterações pendentes');
  // Meanwhile the other phone deletes the raffle.
  await seed.push([{ raffleId: gone.id, type: 'raffle.delete', payload: {} }]);

  await two.setOffline(false);
  await expect(syncBar(b).getByRole('link', { name: '3 alterações não enviadas' })).toBeVisible();
  await syncBar(b).getByRole('link', { name: '3 alterações não enviadas' }).click();
  await expect(b).toHaveURL(/\/dashboard/);
  await b.reload();
  const list = notSent(b);
  for (const name of ['Ana Costa', 'Bruno Reis', 'Carla Dias']) await expect(list).toContainText(name);
  await expect(list).toContainText('Sorteio: Rifa cancelada');

  await expect(list.getByRole('combobox', { name: 'Adicionar a outro sorteio' }).first()).toHaveValue(/.+/);
  await list.getByRole('button', { name: 'Adicionar', exact: true }).first().click();
  await expect(list.locator('li')).toHaveCount(2);
  await expect(syncBar(b).getByRole('link', { name: '2 alterações não enviadas' })).toBeVisible();
  await one.close();
  await two.close();
});

test('settings changed on both phones offline: the later push wins and the other phone is told', async ({ browser }) => {
  const { one, two, seed } = await twoPhones(browser, 'keep-settings');
  const raffle = await seed.createRaffle({ title: 'Bingo' });
  const a = await one.newPage();
  const b = await two.newPage();
  await open(a, raffle.id, 'Bingo');
  await open(b, raffle.id, 'Bingo');
  for (const p of [a, b]) await p.getByRole('tab', { name: 'Configurações' }).click();

  await one.setOffline(true);
  await two.setOffline(true);
  for (const [p, title, winners] of [
    [a, 'Bingo da escola', '2'],
    [b, 'Bingo 2026', '3'],
  ] as const) {
    await p.getByLabel('Título').fill(title);
    await p.getByLabel('Título').blur();
    await p.getByLabel('Número de vencedores').fill(winners);
    await p.getByLabel('Número de vencedores').blur();
    await expect(syncBar(p)).toContainText('2 alterações pendentes');
  }
  await one.setOffline(false);
  await expect(syncBar(a)).toContainText('Tudo sincronizado');
  await two.setOffline(false);
  await expect(syncBar(b)).toContainText('Tudo sincronizado');

  await expect(a.getByText('O título foi alterado em outro aparelho para “Bingo 2026”.')).toBeVisible();
  await expect(a.getByText('O número de vencedores foi alterado em outro aparelho para 3.')).toBeVisible();
  await expect(b.getByText(/foi alterado em outro aparelho/)).toHaveCount(0);
  await a.reload();
  await b.reload();
  for (const p of [a, b]) {
    await expect(p.getByRole('heading', { name: 'Bingo 2026' })).toBeVisible();
    await p.getByRole('tab', { name: 'Configurações' }).click();
    await expect(p.getByLabel('Número de vencedores')).toHaveValue('3');
  }
  await one.close();
  await two.close();
});
