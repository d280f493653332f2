import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { confirmStart, organiser, passSkippingReveal, skipReveal } from './helpers';
import { pdfPages, pdfPageTexts, pdfText } from './pdf-text';
import { decodeQr } from './qr';

// The 'Ata do sorteio': made on the organiser's device with no connection (its PDF read back),
// opened by anyone from the verification page, and printed with nothing but the record on paper.
// Also the public page's print and the dashboard's past results, search and filter.

const PHONE = { width: 360, height: 740 };
// A4 at 96 dpi, for looking at the print layout.
const A4 = { width: 794, height: 1123 };

const winnersList = (page: Page) => page.getByRole('list', { name: 'Vencedores', exact: true });
const syncBar = (page: Page) => page.getByRole('region', { name: 'Sincronização' });
/** No axe violation on the page as it is now. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

interface PublicWinner {
  position: number;
  name: string;
  email: string | null;
  ticket_number: string | null;
  valid: boolean;
}

/** Draws 2 winners online from the draw tab, invalidates the 1st with a reason and redraws it. */
async function drawWithRedraw(page: Page) {
  await page.getByRole('tab', { name: 'Sorteio' }).click();
  await confirmStart(page);
  await skipReveal(page);
  await expect(winnersList(page).getByRole('listitem')).toHaveCount(2);
  const firstCard = winnersList(page).getByRole('listitem').first();
  await firstCard.getByRole('button', { name: 'Invalidar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invalidar Vencedor' });
  await dialog.getByLabel('Motivo (opcional)').fill('Não compareceu à entrega');
  await dialog.getByRole('button', { name: 'Confirmar Invalidação' }).click();
  await expect(dialog).toBeHidden();
  await winnersList(page).getByRole('button', { name: 'Re-sortear' }).click();
  // The place's gap line ('… aguardando …') also counts as an item until the redraw fills it.
  await passSkippingReveal(page, async () => {
    await expect(winnersList(page).getByText(/: aguardando /)).toHaveCount(0, { timeout: 500 });
    await expect(winnersList(page).getByRole('listitem')).toHaveCount(3, { timeout: 500 });
  });
  await expect(syncBar(page)).toContainText('Tudo sincronizado', { timeout: 15_000 });
}

test("the organiser's ata: opened and saved as PDF offline, its text read back; printed without buttons", async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const { context, seed, email } = await organiser(browser, 'ata');
  const raffle = await seed.createRaffle({
    title: 'Rifa de São João — ação da paróquia',
    winners: 2,
    alternates: 1,
    countdown: 0,
    prizes: [
      { position: 1, name: 'Bicicleta aro 29' },
      { position: 2, name: 'Cesta de São João' },
    ],
  });
  await seed.addPeople(raffle.id, ['Ana Luíza', 'Bia', 'Caio', 'Duda', 'Edu']);
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  await page.goto(`/gerenciar/${raffle.id}`);
  await drawWithRedraw(page);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
  const state = await (await context.request.get(`/api/public/raffles/${raffle.code}`)).json();
  const winners = state.winners as PublicWinner[];
  const invalidated = winners.find((w) => !w.valid)!;
  const current = winners.filter((w) => w.valid).sort((a, b) => a.position - b.position);
  expect(current).toHaveLength(2);
  const [alternate] = state.alternates as PublicWinner[];

  // No connection from here on: the ata comes from this device's own data.
  await context.setOffline(true);
  await expect(syncBar(page)).toContainText('Offline');
  await page.getByRole('link', { name: 'Ata do sorteio' }).click();
  await expect(page.getByRole('heading', { name: 'Ata do sorteio', level: 1 })).toBeVisible();
  const ata = page.getByRole('article');
  await expect(ata).toContainText(email);
  await expect(ata).toContainText(current[0]!.name);
  await expect(ata).toContainText(`Lugar preenchido por re-sorteio na rodada 2.`);
  await expect(ata).not.toContainText('Não compareceu');
  const qr = page.getByRole('img', { name: /QR code da página de verificação/ });
  await expect(qr).toHaveAttribute('data-qr-ready', 'true');
  // What is drawn reads as the verification page's link.
  expect(await decodeQr(qr)).toBe(`${baseURL}/sorteio/${raffle.code}/verificar`);
  await shot(page, 'ata-organiser-360');
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar PDF' }).click();
  const file = await (await download).path();
  await (await download).saveAs(test.info().outputPath('ata.pdf')); // kept with the test's output, to look at
  expect((await download).suggestedFilename()).toBe(`ata-sorteio-${raffle.code}.pdf`);
  // Long lines wrap in the PDF: compared with the wrapping undone.
  const text = (await pdfText(file)).replace(/\s+/g, ' ');
  expect(await pdfPages(file)).toBeGreaterThanOrEqual(2); // the technical record starts a page
  for (const line of [
    'Ata do sorteio',
    'Rifa de São João — ação da paróquia',
    `Código: ${raffle.code}`,
    `Conta do organizador: ${email}`,
    'Responsável',
    'Testemunha',
    `${baseURL}/sorteio/${raffle.code}/verificar`,
    'Lugar preenchido por re-sorteio na rodada 2.',
    'Re-sorteio do 1º lugar',
    '1º lugar · Bicicleta aro 29',
    '2º lugar · Cesta de São João',
    'Suplentes',
    `1º suplente: ${alternate!.name} · Bilhete ${alternate!.ticket_number}`,
  ]) {
    expect(text).toContain(line);
  }
  // Every winner by position, with ticket and masked e-mail; the invalidated one with its time, never its reason.
  for (const w of [...current, invalidated]) expect(text).toContain(`${w.name} · Bilhete ${w.ticket_number} · ${w.email}`);
  expect(text).toMatch(/Invalidado em \d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d \(Brasília\) · \d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d UTC/);
  expect(text).not.toContain('compareceu');
  expect(text).not.toMatch(/@exemplo\.com(?!\.br)/); // no participant's e-mail whole

  // On paper: no buttons, no back link, no sync bar; A4 layout for a look.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('button:visible')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Voltar ao sorteio' })).toBeHidden();
  await expect(syncBar(page)).toBeHidden();
  await expect(ata).toBeVisible();
  await page.setViewportSize(A4);
  await shot(page, 'ata-organiser-print-a4');
  // Printed (Chromium's own print to PDF): the data on the first page, the result from the second
  // with the signatures under it, the technical record on a page of its own.
  const printed = test.info().outputPath('ata-printed.pdf');
  await page.pdf({ path: printed, format: 'A4', printBackground: true });
  // Chromium's text runs split words at ligatures ('Veri', 'fi', 'cação'): compared without spaces.
  const pages = (await pdfPageTexts(printed)).map((p) => p.replace(/\s+/g, ''));
  expect(pages).toHaveLength(3);
  expect(pages[0]).toContain('Dadosdosorteio');
  expect(pages[0]).not.toContain('Vencedores');
  expect(pages[1]).toMatch(/^Vencedores1ºlugar/);
  for (const part of ['Suplentes', 'Verificação', 'Responsável', 'Testemunha']) expect(pages[1]).toContain(part);
  expect(pages[2]).toMatch(/^Registrotécnicodasrodadas/);
  await context.close();
});

test('the public ata from the verification page, and the public page printed as its result', async ({ browser }) => {
  test.setTimeout(60_000); // a draw, a redraw, and the verification page's recomputation
  const { context, seed, email } = await organiser(browser, 'ata');
  const raffle = await seed.createRaffle({ title: 'Bingo da escola', winners: 2, countdown: 0 });
  await seed.addPeople(raffle.id, ['Ana', 'Bia', 'Caio', 'Duda']);
  const organiserPage = await context.newPage();
  await organiserPage.goto(`/gerenciar/${raffle.id}`);
  await drawWithRedraw(organiserPage);

  const visitor = await browser.newContext({ viewport: PHONE });
  const page = await visitor.newPage();
  await page.goto(`/sorteio/${raffle.code}/verificar`);
  await page.getByRole('link', { name: 'Ata do sorteio' }).click();
  const ata = page.getByRole('article');
  await expect(page.getByRole('heading', { name: 'Ata do sorteio', level: 1 })).toBeVisible();
  await expect(ata).toContainText('Bingo da escola');
  await expect(ata).toContainText('Lugar preenchido por re-sorteio na rodada 2.');
  await expect(ata).not.toContainText(email); // the organiser's account is not public
  await expect(ata).not.toContainText('Conta do organizador');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('button:visible')).toHaveCount(0);
  await page.emulateMedia({ media: 'screen' });

  await page.goto(`/sorteio/${raffle.code}`);
  await expect(page.getByText(/^Sorteado em \d\d\/\d\d\/\d{4}, \d\d:\d\d$/)).toBeVisible();
  await shot(page, 'public-360');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('button:visible')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Verificar sorteio' })).toBeHidden();
  await expect(page.getByRole('tablist')).toBeHidden();
  await expect(page.getByText(/^Sorteado em /)).toBeVisible();
  await page.setViewportSize(A4);
  await shot(page, 'public-print-a4');
  await visitor.close();
  await context.close();
});

test('a draw in progress has no ata yet, and says so', async ({ browser }) => {
  const { context, seed } = await organiser(browser, 'ata');
  const raffle = await seed.createRaffle({ title: 'Rifa com contagem', winners: 1, countdown: 300 });
  await seed.addPeople(raffle.id, ['Ana', 'Bia']);
  const page = await context.newPage();
  await page.goto(`/gerenciar/${raffle.id}`);
  await page.getByRole('tab', { name: 'Sorteio' }).click();
  await confirmStart(page);
  await expect(page.getByRole('timer')).toBeVisible();
  await page.getByRole('link', { name: 'Ata do sorteio' }).click();
  await expect(page.getByText('O sorteio está em andamento. A ata fica disponível quando o resultado for revelado.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Baixar PDF' })).toHaveCount(0);
  await context.close();
});

test('dashboard: a finished raffle shows when it was drawn and its winner; search and status filter by keyboard', async ({ browser }) => {
  const { context, seed } = await organiser(browser, 'ata');
  for (let i = 1; i <= 6; i++) await seed.createRaffle({ title: `Rifa pendente ${i}`, winners: 1 });
  const drawn = await seed.createRaffle({ title: 'Quermesse de São Pedro', winners: 1, countdown: 0 });
  await seed.addPeople(drawn.id, ['Ana', 'Bia', 'Caio']);
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  await page.goto(`/gerenciar/${drawn.id}`);
  await page.getByRole('tab', { name: 'Sorteio' }).click();
  await confirmStart(page);
  await skipReveal(page);
  await expect(winnersList(page).getByRole('listitem')).toHaveCount(1);
  const winner = (await (await context.request.get(`/api/public/raffles/${drawn.code}`)).json()).winners[0].name as string;

  await page.goto('/dashboard');
  const cards = page.getByRole('list', { name: 'Sorteios' }).getByRole('listitem');
  await expect(cards).toHaveCount(7);
  const card = cards.filter({ hasText: 'Quermesse de São Pedro' });
  await expect(card.getByText(/^Sorteado em \d\d\/\d\d\/\d{4}, \d\d:\d\d$/)).toBeVisible();
  await expect(card.getByText(`Vencedor: ${winner}`)).toBeVisible();
  await shot(page, 'dashboard-360');
  await expectAccessible(page);

  // Keyboard only: the search field, then the status filter.
  const search = page.getByRole('searchbox', { name: 'Buscar sorteios' });
  await search.focus();
  await page.keyboard.type('sao pedro');
  await expect(cards).toHaveCount(1);
  await expect(page.getByText('Mostrando 1 de 7')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cards).toHaveCount(7);
  await page.keyboard.type(drawn.code.toLowerCase());
  await expect(cards).toHaveCount(1);
  await page.keyboard.press('Escape');
  const status = page.getByLabel('Status');
  await status.focus();
  await status.selectOption({ label: 'Concluído' });
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Quermesse de São Pedro');
  await status.selectOption({ label: 'Pendente' });
  await expect(cards).toHaveCount(6);
  await search.fill('Quermesse');
  await expect(page.getByText('Nenhum sorteio encontrado para "Quermesse"')).toBeVisible();
  await shot(page, 'dashboard-filtered-360');
  await context.close();
});
