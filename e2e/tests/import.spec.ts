import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { createAccount, uniqueEmail } from './helpers';

// File import on the manage screen, with the shared fixtures of sync/testdata/import.

const fixture = (name: string) => fileURLToPath(new URL(`../../sync/testdata/import/${name}`, import.meta.url));
const syncBar = (page: Page) => page.getByRole('region', { name: 'Sincronização' });

async function newRaffle(context: BrowserContext, type: 'Com Bilhetes' | 'Simples' = 'Com Bilhetes') {
  await createAccount(context.request, uniqueEmail('imp'), 'segredo1');
  const page = await context.newPage();
  await page.goto('/dashboard');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
  await page.getByRole('link', { name: 'Criar Primeiro Sorteio' }).click();
  await page.getByLabel('Título').fill('Rifa importada');
  await page.getByRole('radio', { name: type }).check();
  await page.getByRole('button', { name: 'Criar Sorteio' }).click();
  await expect(page).toHaveURL(/\/gerenciar\/[0-9a-f-]{36}$/);
  return { page, raffleId: page.url().split('/').pop()! };
}

async function chooseFile(page: Page, name: string) {
  await page.getByLabel('Arquivo para importar').setInputFiles(fixture(name));
}

/** The server's people: name, e-mail and their ticket numbers, whatever their group ids. */
async function serverPeople(context: BrowserContext, raffleId: string) {
  const snap = await (await context.request.get(`/api/sync/raffles/${raffleId}/snapshot`)).json();
  const groups = new Map<string, { name: string; email: string | null; tickets: string[] }>();
  for (const t of snap.participants as { name: string; email: string | null; ticket_number: string | null; group_id: string }[]) {
    const g = groups.get(t.group_id) ?? { name: t.name, email: t.email, tickets: [] };
    g.tickets.push(t.ticket_number ?? '');
    groups.set(t.group_id, g);
  }
  return [...groups.values()].map((g) => `${g.name} <${g.email ?? ''}> ${g.tickets.sort().join(',')}`).sort();
}

async function serverTickets(context: BrowserContext, raffleId: string) {
  const snap = await (await context.request.get(`/api/sync/raffles/${raffleId}/snapshot`)).json();
  return (snap.participants as { name: string; ticket_number: string | null }[]).map((p) => `${p.name}:${p.ticket_number}`).sort();
}

test('a ;-separated Windows-1252 CSV imported offline, then synced: names intact on the server', async ({ browser }) => {
  const context = await browser.newContext();
  const { page, raffleId } = await newRaffle(context);
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
  await context.setOffline(true);
  await chooseFile(page, 'excel-semicolon-cp1252-block.csv'); // bytes 0x80–0x9F: curly quotes, Š
  const dialog = page.getByRole('dialog', { name: 'Importar participantes' });
  await expect(dialog.getByTestId('import-counts')).toHaveText('2 participantes, 3 bilhetes');
  await expect(dialog).toContainText('CSV, separado por ponto e vírgula, Windows-1252');
  await expect(dialog).toContainText('nome e quantidade de bilhetes');
  await expect(dialog).toContainText('Renée ‘Rê’ Šimon');
  await expect(dialog).toContainText('001–002');
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('2 participante(s) importado(s)')).toBeVisible();
  const list = page.getByRole('list', { name: 'Participantes' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText('André “Dedé” Gonçalves');
  await expect(page.getByText('Salvo neste aparelho: será enviado ao servidor quando houver conexão.')).toBeVisible();

  await context.setOffline(false);
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
  expect(await serverTickets(context, raffleId)).toEqual(['André “Dedé” Gonçalves:003', 'Renée ‘Rê’ Šimon:001', 'Renée ‘Rê’ Šimon:002']);
  await context.close();
});

test('an .xlsx with quantities makes tickets 001.. for each person', async ({ browser }) => {
  const context = await browser.newContext();
  const { page, raffleId } = await newRaffle(context);
  await chooseFile(page, 'quantities.xlsx');
  const dialog = page.getByRole('dialog', { name: 'Importar participantes' });
  await expect(dialog.getByTestId('import-counts')).toHaveText('3 participantes, 6 bilhetes');
  await expect(dialog).toContainText('Excel (.xlsx)');
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('3 participante(s) importado(s)')).toBeVisible();
  // The bar's count follows the write a moment later, so the server is asked until it has them.
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
  await expect.poll(() => serverTickets(context, raffleId)).toEqual(['Ana Lima:001', 'Ana Lima:002', 'Ana Lima:003', 'Bruno Souza:004', 'Bruno Souza:005', 'Carla Dias:006']);
  await context.close();
});

for (const [file, message] of [
  ['high-quantity.csv', 'Quantidade muito alta para Bruno: 1001. Máximo: 1000 bilhetes por pessoa'],
  ['password.xlsx', 'Erro ao processar arquivo: o arquivo está protegido por senha. Salve uma cópia sem senha e tente de novo.'],
  ['truncated.xlsx', 'Erro ao processar arquivo: o arquivo está corrompido ou incompleto.'],
  // The sheet's XML cut off in its third row, or a NUL byte there: nothing of the first two rows.
  ['sheet-cut-in-row-3.xlsx', 'Erro ao processar arquivo: o arquivo está corrompido ou incompleto.'],
  ['sheet-nul-in-row-3.xlsx', 'Erro ao processar arquivo: o arquivo está corrompido ou incompleto.'],
  ['lista.pdf', 'Por favor, envie um arquivo CSV ou Excel (.xlsx, .xls)'],
] as const) {
  test(`${file}: the message, and nothing imported`, async ({ browser }) => {
    const context = await browser.newContext();
    const { page, raffleId } = await newRaffle(context);
    await chooseFile(page, file);
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('Nenhum participante cadastrado ainda.')).toBeVisible();
    await expect(syncBar(page)).toContainText('Tudo sincronizado');
    expect(await serverTickets(context, raffleId)).toEqual([]);
    await context.close();
  });
}

// Spreadsheet bombs (sync/testdata/import): the Worker ends with the message and the tab lives on,
// importing the next file.
test('spreadsheet bombs end with a message, and the tab imports the next file', async ({ browser }) => {
  const context = await browser.newContext();
  const { page, raffleId } = await newRaffle(context);
  const tooBig = 'Erro ao processar arquivo: a planilha é grande demais para importar (máximo: 100.000 bilhetes)';
  for (const file of ['bomb-rows.xlsx', 'bomb-rows-within.xlsx', 'bomb-shared-strings.xlsx', 'bomb-columns.xlsx']) {
    await chooseFile(page, file);
    await expect(page.getByRole('alert').filter({ hasText: tooBig })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await chooseFile(page, 'sheet-ok.xlsx');
  await expect(page.getByRole('dialog')).toContainText('Davi Rocha');
  expect(await serverTickets(context, raffleId)).toEqual([]);
  await context.close();
});

test('export then re-import gives the same participants (.csv and .xlsx)', async ({ browser }) => {
  test.setTimeout(120_000); // three raffles, four imports
  const context = await browser.newContext();
  const { page, raffleId } = await newRaffle(context);
  // People with one ticket, then people with several (the same names: different people).
  await chooseFile(page, 'google-comma-bom.csv');
  await page.getByRole('dialog').getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('3 participante(s) importado(s)')).toBeVisible();
  await chooseFile(page, 'quantities.xlsx');
  await page.getByRole('dialog').getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('3 participante(s) importado(s)').last()).toBeVisible();
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
  await expect.poll(() => serverTickets(context, raffleId)).toHaveLength(9);
  const original = await serverPeople(context, raffleId);
  expect(original).toEqual([
    'Ana Lima <> 013,014,015',
    'Bruno Souza <> 011',
    'Bruno Souza <> 016,017',
    'Carla Dias <> 018',
    'Carla Dias <carla@exemplo.com> 012',
    'Silva, Ana <ana@exemplo.com> 10',
  ]);

  const files: string[] = [];
  for (const label of ['Participantes (.csv)', 'Participantes (.xlsx)']) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: label }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^rifa-importada-participantes\.(csv|xlsx)$/);
    const path = test.info().outputPath(file.suggestedFilename());
    await file.saveAs(path);
    files.push(path);
  }
  for (const path of files) {
    await page.getByRole('link', { name: 'Voltar para Meus Sorteios' }).click();
    await page.getByRole('link', { name: 'Novo Sorteio' }).click();
    await page.getByLabel('Título').fill('Rifa reimportada');
    await page.getByRole('radio', { name: 'Com Bilhetes' }).check();
    await page.getByRole('button', { name: 'Criar Sorteio' }).click();
    await expect(page).toHaveURL(/\/gerenciar\/[0-9a-f-]{36}$/);
    const copy = page.url().split('/').pop()!;
    await page.getByLabel('Arquivo para importar').setInputFiles(path);
    await expect(page.getByRole('dialog').getByTestId('import-counts')).toHaveText('6 participantes, 9 bilhetes');
    await page.getByRole('dialog').getByRole('button', { name: 'Importar' }).click();
    await expect(page.getByText('6 participante(s) importado(s)').first()).toBeVisible();
    await expect(syncBar(page)).toContainText('Tudo sincronizado');
    await expect.poll(() => serverPeople(context, copy)).toEqual(original);
  }
  await context.close();
});

test('a simple raffle previews its import without tickets: the people alone, no tickets column', async ({ browser }) => {
  const context = await browser.newContext();
  const { page } = await newRaffle(context, 'Simples');
  await chooseFile(page, 'names-only.csv');
  const dialog = page.getByRole('dialog', { name: 'Importar participantes' });
  await expect(dialog.getByTestId('import-counts')).toHaveText('3 participantes');
  await expect(dialog.getByRole('columnheader')).toHaveText(['Nome', 'E-mail']);
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('3 participante(s) importado(s)')).toBeVisible();
  // Removing one speaks of no tickets either.
  await page.getByRole('button', { name: 'Remover Bruno', exact: true }).click();
  await page.getByRole('dialog', { name: 'Remover participante?' }).getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByText('Bruno removido(a)', { exact: true })).toBeVisible();
  await context.close();
});
