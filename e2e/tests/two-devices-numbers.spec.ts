import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createAccount, uniqueEmail } from './helpers';

// Two devices of one account number tickets offline (docs/sync-protocol.md, "Ticket numbers"): a
// number the device chose is provisional, so the device that syncs second keeps every person and
// gets the next free numbers where the first one's numbers clash.

// Two browsers, each going offline and online, and each reloaded: more than one device's time.
test.describe.configure({ timeout: 90_000 });

const syncBar = (page: Page) => page.getByRole('region', { name: 'Sincronização' });
const list = (page: Page) => page.getByRole('list', { name: 'Participantes' });
const row = (page: Page, name: string) =>
  list(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });

async function addPerson(page: Page, name: string) {
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Adicionar participante' }).click();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('');
}

/** The server's tickets as "name:number", sorted. */
async function serverTickets(context: BrowserContext, raffleId: string): Promise<string[]> {
  const snap = await (await context.request.get(`/api/sync/raffles/${raffleId}/snapshot`)).json();
  return (snap.participants as { name: string; ticket_number: string }[]).map((p) => `${p.name}:${p.ticket_number}`).sort();
}

async function ready(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
}

/** One account on two devices, A and B, both showing one new ticket raffle, synced. */
async function twoDevices(browser: Browser) {
  const email = uniqueEmail('numbers');
  const one = await browser.newContext();
  const two = await browser.newContext();
  await createAccount(one.request, email, 'segredo1');
  await two.request.post('/api/auth/signin', { data: { email, password: 'segredo1' } });
  const a = await one.newPage();
  await ready(a, '/dashboard');
  await a.getByRole('link', { name: 'Criar Primeiro Sorteio' }).click();
  await a.getByLabel('Título').fill('Rifa dos dois aparelhos');
  await a.getByRole('radio', { name: 'Com Bilhetes' }).check();
  await a.getByRole('button', { name: 'Criar Sorteio' }).click();
  await expect(a).toHaveURL(/\/gerenciar\/[0-9a-f-]{36}$/);
  const url = a.url();
  await expect(syncBar(a)).toContainText('Tudo sincronizado');
  const b = await two.newPage();
  await ready(b, url);
  return { one, two, a, b, raffleId: url.split('/').pop()! };
}

async function importCsv(page: Page, text: string, counts: string) {
  await page.getByLabel('Arquivo para importar').setInputFiles({ name: 'lista.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  const dialog = page.getByRole('dialog', { name: 'Importar participantes' });
  await expect(dialog.getByTestId('import-counts')).toHaveText(counts);
  await dialog.getByRole('button', { name: 'Importar' }).click();
}

test('an import numbered offline is renumbered where the other device took the numbers first; nobody is refused', async ({ browser }) => {
  const { one, two, a, b, raffleId } = await twoDevices(browser);

  // Both offline. B imports ten names (numbered 001–010 by B); A adds three people with the number
  // left empty (001–003 by A).
  await one.setOffline(true);
  await two.setOffline(true);
  const names = Array.from({ length: 10 }, (_, i) => `Importado ${i + 1}`);
  await importCsv(b, names.join('\n') + '\n', '10 participantes, 10 bilhetes');
  await expect(b.getByText('10 participante(s) importado(s)')).toBeVisible();
  await expect(row(b, 'Importado 1')).toContainText('001');
  for (const name of ['Ana Souza', 'Bruno Lima', 'Carla Dias']) await addPerson(a, name);
  await expect(row(a, 'Ana Souza')).toContainText('001');

  // A online first: its numbers stand. Then B: its import is applied whole, 001–003 renumbered.
  await one.setOffline(false);
  await expect(syncBar(a)).toContainText('Tudo sincronizado');
  await two.setOffline(false);
  await expect(syncBar(b)).toContainText('Tudo sincronizado');
  const want = ['Ana Souza:001', 'Bruno Lima:002', 'Carla Dias:003', ...names.map((n, i) => `${n}:${String(i < 3 ? 11 + i : i + 1).padStart(3, '0')}`)].sort();
  await expect.poll(() => serverTickets(one, raffleId)).toEqual(want);
  await expect(b.getByText('Já existe um bilhete com este número neste sorteio.')).toHaveCount(0);

  // Every device shows the final numbers, before and after a reload.
  for (const page of [a, b]) {
    for (const round of ['live', 'reloaded']) {
      if (round === 'reloaded') await page.reload();
      await expect(list(page).getByRole('listitem')).toHaveCount(13);
      await expect(row(page, 'Importado 1')).toContainText('011');
      await expect(row(page, 'Importado 3')).toContainText('013');
      await expect(row(page, 'Importado 4')).toContainText('004');
      await expect(row(page, 'Ana Souza')).toContainText('001');
      await expect(syncBar(page)).toContainText('Tudo sincronizado');
    }
  }
  await one.close();
  await two.close();
});

test('a number typed on both devices: only that ticket of the import is refused, and named', async ({ browser }) => {
  const { one, two, a, b, raffleId } = await twoDevices(browser);
  await one.setOffline(true);
  await two.setOffline(true);
  // B imports a file naming 050 for Roberto (and none for Sara: B gives her 051); A types 050 for Eva.
  await importCsv(b, 'Nome,Bilhete\nRoberto Lima,050\nSara Reis,\n', '2 participantes, 2 bilhetes');
  await expect(b.getByText('2 participante(s) importado(s)')).toBeVisible();
  await a.getByLabel('Nome', { exact: true }).fill('Eva Prado');
  await a.getByLabel('Bilhete (opcional)').fill('050');
  await a.getByRole('button', { name: 'Adicionar participante' }).click();
  await expect(row(a, 'Eva Prado')).toContainText('050');

  await one.setOffline(false);
  await expect(syncBar(a)).toContainText('Tudo sincronizado');
  await two.setOffline(false);
  // Named in the toast and kept in 'Não enviados' until the person settles it.
  await expect(b.getByText('Roberto Lima (bilhete 050): já existe o bilhete 050 neste sorteio').first()).toBeVisible();
  await expect(syncBar(b)).toContainText('1 alteração não enviada');
  await expect.poll(() => serverTickets(one, raffleId)).toEqual(['Eva Prado:050', 'Sara Reis:051']);
  for (const page of [a, b]) {
    await page.reload();
    await expect(list(page).getByRole('listitem')).toHaveCount(2);
    await expect(row(page, 'Sara Reis')).toContainText('051');
    await expect(row(page, 'Eva Prado')).toContainText('050');
  }
  await one.close();
  await two.close();
});
