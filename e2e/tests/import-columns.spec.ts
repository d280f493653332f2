import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import * as XLSX from '@e965/xlsx';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAccount, uniqueEmail } from './helpers';

// The import's column step, tickets the raffle already holds, and the exported CSV's ticket numbers
// in Excel (docs/import.md, "Columns"), with the shared fixtures of sync/testdata/import.

const fixture = (name: string) => fileURLToPath(new URL(`../../sync/testdata/import/${name}`, import.meta.url));
const syncBar = (page: Page) => page.getByRole('region', { name: 'Sincronização' });

async function newRaffle(context: BrowserContext) {
  await createAccount(context.request, uniqueEmail('col'), 'segredo1');
  const page = await context.newPage();
  await page.goto('/dashboard');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
  await page.getByRole('link', { name: 'Criar Primeiro Sorteio' }).click();
  await page.getByLabel('Título').fill('Rifa das colunas');
  await page.getByRole('radio', { name: 'Com Bilhetes' }).check();
  await page.getByRole('button', { name: 'Criar Sorteio' }).click();
  await expect(page).toHaveURL(/\/gerenciar\/[0-9a-f-]{36}$/);
  return { page, raffleId: page.url().split('/').pop()! };
}

/** The server's people: name, e-mail and their ticket numbers. */
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

/** The server's tickets as 'name phone' (blank when none), sorted. */
async function serverPhones(context: BrowserContext, raffleId: string) {
  const snap = await (await context.request.get(`/api/sync/raffles/${raffleId}/snapshot`)).json();
  return (snap.participants as { name: string; phone?: string | null }[]).map((t) => `${t.name} ${t.phone ?? ''}`).sort();
}

test('the column step: a changed guess is what the import saves, remembered for the same header; a clash renumbered', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const { page, raffleId } = await newRaffle(context);
  await page.getByLabel('Arquivo para importar').setInputFiles(fixture('ticket-platform.csv'));
  const dialog = page.getByRole('dialog', { name: 'Importar participantes' });
  // The guess: 'Nome' + 'Sobrenome', the e-mail groups Ana's two rows.
  await expect(dialog.getByLabel('Nome', { exact: true })).toHaveValue('1');
  await expect(dialog.getByLabel('Juntar com')).toHaveValue('2');
  await expect(dialog.getByLabel('Bilhete')).toHaveValue('4');
  await expect(dialog.getByTestId('import-counts')).toHaveText('2 participantes, 3 bilhetes');
  await expect(dialog.getByTestId('import-grouped')).toHaveText('3 bilhetes de 2 pessoas: linhas com o mesmo e-mail foram agrupadas');
  await expect(dialog.getByTestId('import-left-out')).toHaveText('Colunas não importadas: Pedido; Valor');

  // The first name alone and no e-mail: three people.
  await dialog.getByLabel('Juntar com').selectOption({ label: '— nada —' });
  await expect(dialog.getByRole('cell', { name: 'Ana', exact: true }).first()).toBeVisible();
  await dialog.getByLabel('E-mail').selectOption({ label: '— nenhuma —' });
  await expect(dialog.getByTestId('import-counts')).toHaveText('3 participantes, 3 bilhetes');
  await expect(dialog.getByTestId('import-left-out')).toHaveText('Colunas não importadas: Pedido; Sobrenome; E-mail; Valor');
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('3 participante(s) importado(s)')).toBeVisible();
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
  await expect.poll(() => serverPeople(context, raffleId)).toEqual(['Ana <> 0001', 'Ana <> 0002', 'Bruno <> 0003']);

  // The same header again: the columns chosen last time, and its tickets are the raffle's now.
  await page.getByLabel('Arquivo para importar').setInputFiles(fixture('ticket-platform.csv'));
  await expect(dialog.getByLabel('Juntar com')).toHaveValue('-1');
  await expect(dialog.getByLabel('E-mail')).toHaveValue('-1');
  const clashes = dialog.getByTestId('import-clashes');
  await expect(clashes).toContainText('3 bilhetes do arquivo: 0001, 0002, 0003 já existem.');
  await expect(dialog.getByRole('button', { name: 'Importar' })).toBeDisabled();
  await clashes.getByLabel('Renumerar os bilhetes do arquivo').check();
  await expect(dialog.getByRole('cell', { name: '004' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('3 participante(s) importado(s)').last()).toBeVisible();
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
  await expect.poll(() => serverPeople(context, raffleId)).toEqual(['Ana <> 0001', 'Ana <> 0002', 'Ana <> 004', 'Ana <> 005', 'Bruno <> 0003', 'Bruno <> 006']);
  await context.close();
});

test('the column step on a phone: a Google Forms export, its skipped row and left-out columns; phones saved', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const { page, raffleId } = await newRaffle(context);
  await page.getByLabel('Arquivo para importar').setInputFiles(fixture('google-forms.csv'));
  const dialog = page.getByRole('dialog', { name: 'Importar participantes' });
  await expect(dialog.getByTestId('import-counts')).toHaveText('2 participantes, 6 bilhetes');
  await expect(dialog.getByTestId('import-skipped')).toContainText('Linha 5: sem nome');
  await expect(dialog.getByTestId('import-left-out')).toHaveText('Colunas não importadas: Carimbo de data/hora');
  await expect(dialog.getByLabel('Telefone')).toHaveValue('3');
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('column-step-360.png') });
  await dialog.getByTestId('import-skipped').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('column-step-360-end.png') });
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('2 participante(s) importado(s)')).toBeVisible();

  // A form with an invalid phone: a warning, the person imported without it.
  await page.getByLabel('Arquivo para importar').setInputFiles(fixture('form-phone.csv'));
  await expect(dialog.getByTestId('import-warnings')).toContainText('Linha 6: telefone inválido (12345): a pessoa entra sem telefone');
  await dialog.getByTestId('import-warnings').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('phone-warning-360.png') });
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('6 participante(s) importado(s)')).toBeVisible();
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
  // Saved on the device in E.164 with each person, and synced so.
  await expect
    .poll(() => serverPhones(context, raffleId))
    .toEqual(
      [
        ...Array<string>(6).fill('Ana Lima +5511912345678'), // the form's 5 tickets and the second file's 1
        'Bruno Souza ', // no phone in the form
        'Bruno Souza +5521988887777',
        'Carla Dias +551134567890',
        'David Smith +442079460958',
        'Edu Rocha ',
        'Fábio Reis ',
      ].sort(),
    );
  await context.close();
});

test('a file whose every row is left out: its lines and why, and nothing to import', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const { page } = await newRaffle(context);
  const buffer = Buffer.from('nome;email\n;ana@exemplo.com\n;bia@exemplo.com\n', 'utf8');
  await page.getByLabel('Arquivo para importar').setInputFiles({ name: 'sem-nomes.csv', mimeType: 'text/csv', buffer });
  const dialog = page.getByRole('dialog', { name: 'Importar participantes' });
  await expect(dialog.getByRole('alert')).toHaveText('Nenhum participante válido encontrado no arquivo. As 2 linhas do arquivo foram ignoradas: veja abaixo por quê.');
  await expect(dialog.getByTestId('import-skipped')).toContainText('Linhas ignoradas (2):');
  await expect(dialog.getByTestId('import-skipped').getByRole('listitem')).toHaveText(['Linha 2: sem nome', 'Linha 3: sem nome']);
  await expect(dialog.getByRole('button', { name: 'Importar' })).toBeDisabled();
  await dialog.getByTestId('import-skipped').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('all-skipped-360.png') });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Nenhum participante cadastrado ainda.')).toBeVisible();
  await context.close();
});

test('the exported CSV keeps ticket zeros when Excel reads it', async ({ browser }) => {
  const context = await browser.newContext();
  const { page } = await newRaffle(context);
  await page.getByLabel('Arquivo para importar').setInputFiles(fixture('ticket-platform.csv'));
  await page.getByRole('dialog').getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('2 participante(s) importado(s)')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Participantes (.csv)' }).click();
  const path = test.info().outputPath('participantes.csv');
  await (await download).saveAs(path);
  // SheetJS reads a CSV as Excel's General format does: a bare 0001 would be the number 1.
  const book = XLSX.read(readFileSync(path), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: true });
  expect(rows.map((r) => r[2])).toEqual(['Bilhete', '0001', '0002', '0003']);
  await context.close();
});

test('a workbook with several sheets: the first visible one is read, and the person may choose another', async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext();
  const { page, raffleId } = await newRaffle(context);
  // 'Dados' (hidden), 'Inscritos', 'Segredo' (very hidden), 'Sábado': the two visible ones are offered.
  await page.getByLabel('Arquivo para importar').setInputFiles(fixture('sheets/sheets-hidden-first.xlsx'));
  const dialog = page.getByRole('dialog', { name: 'Importar participantes' });
  const sheet = dialog.getByLabel('Planilha');
  await expect(sheet).toHaveValue('0');
  await expect(sheet.locator('option')).toHaveText(['Inscritos', 'Sábado']);
  await expect(dialog.getByRole('cell', { name: 'Ana', exact: true })).toBeVisible();
  await sheet.selectOption({ label: 'Sábado' });
  await expect(dialog.getByRole('cell', { name: 'Bia', exact: true })).toBeVisible();
  await expect(dialog.getByTestId('import-counts')).toHaveText('1 participante, 1 bilhete');
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('1 participante(s) importado(s)')).toBeVisible();
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
  await expect.poll(() => serverPeople(context, raffleId)).toEqual(['Bia <> 001']);
  await context.close();
});

test('a refusal that depends on the columns comes in the column step: another column fixes it', async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext();
  const { page, raffleId } = await newRaffle(context);
  // 'Número' (first, an order's number, repeated) is guessed as the ticket; 'Bilhete' is the ticket's own.
  await page.getByLabel('Arquivo para importar').setInputFiles(fixture('ticket-column-choice.csv'));
  const dialog = page.getByRole('dialog', { name: 'Importar participantes' });
  await expect(dialog.getByRole('alert')).toHaveText('Linha 3: o bilhete 1 aparece mais de uma vez no arquivo');
  await expect(dialog.getByRole('button', { name: 'Importar' })).toBeDisabled();
  await dialog.getByLabel('Bilhete').selectOption({ label: 'C: Bilhete' });
  await expect(dialog.getByTestId('import-counts')).toHaveText('3 participantes, 3 bilhetes');
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('3 participante(s) importado(s)')).toBeVisible();
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
  await expect.poll(() => serverPeople(context, raffleId)).toEqual(['Ana Lima <> 001', 'Ana Lima <> 002', 'Bruno Souza <> 003']);
  await context.close();
});
