import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createAccount, uniqueEmail } from './helpers';

// Two devices of one account number tickets offline (docs/sync-protocol.md, "Ticket numbers"): a
// number the device chose is provisional, so the device that syncs second keeps every person and
// gets the next free numbers where the first one's numbers clash.

const syncBar = (page: Page) => page.getByRole('region', { name: 'Sincronização' });
const list = (page: Page) => page.getByRole('list', { name: 'Participantes' });
const row = (page: Page, name: string) => list(page).getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });

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

test('an import numbered offline is renumbered where the other device took the numbers first; nobody is refused', async ({ browser }) => {
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
  const raffleId = url.split('/').pop()!;
  await expect(syncBar(a)).toContainText('Tudo sincronizado');
  const b = await two.newPage();
  await ready(b, url);

  // Both offline. B imports ten names (numbered 001–010 by B); A adds three people with the number
  // left empty (001–003 by A).
  await one.setOffline(true);
  await two.setOffline(true);
  const names = Array.from({ length: 10 }, (_, i) => `Importado ${i + 1}`);
  await b.getByLabel('Arquivo para importar').setInputFiles({ name: 'nomes.csv', mimeType: 'text/csv', buffer: Buffer.from(names.join('\n') + '\n') });
  const dialog = b.getByRole('dialog', { name: 'Importar participantes' });
  await expect(dialog.getByTestId('import-counts')).toHaveText('10 participantes, 10 bilhetes');
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(b.getByText('10 participante(s) importado(s)')).toBeVisible();
  await expect(row(b, 'Importado 1')).toContainText('001');
  for (const name of ['Ana Souza', 'Bruno Lima', 'Carla Dias']) await addPerson(a, name);
  await expect(row(a, 'Ana Souza')).toContainText('001');

  // A online first: its numbers stand. Then B: its import is applied whole, 001–003 renumbered.
  await one.setOffline(false);
  await expect(syncBar(a)).toContainText('Tudo sincronizado');
  await two.setOffline(false);
  await expect(syncBar(b)).toContainText('Tudo sincronizado');
  const want = [
    'Ana Souza:001',
    'Bruno Lima:002',
    'Carla Dias:003',
    ...names.map((n, i) => `${n}:${String(i < 3 ? 11 + i : i + 1).padStart(3, '0')}`),
  ].sort();
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
