import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { confirmStart, organiser, skipReveal } from './helpers';
import { pdfText } from './pdf-text';

// Alternates ('Suplentes') drawn with the winners, and 'Chamar suplente' after an invalidation:
// the organiser's draw tab, a viewer's winners tab and the big screen see the called alternate in
// its place live, and the ata (its PDF read back) lists the alternates and the call.

const PHONE = { width: 360, height: 740 };

interface PublicAlternate {
  rank: number;
  name: string;
  ticket_number: string | null;
}
interface PublicWinner {
  position: number;
  name: string;
  valid: boolean;
}

const winnersList = (page: Page) => page.getByRole('list', { name: 'Vencedores', exact: true });
const alternatesList = (page: Page) => page.getByRole('list', { name: 'Suplentes' });
const syncBar = (page: Page) => page.getByRole('region', { name: 'Sincronização' });
const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });

/** No axe violation on the page as it is now. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Marks the page's document, so a later check can tell it was never reloaded. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { kept?: boolean }).kept === true);

test("'Chamar suplente': a viewer and the big screen see the alternate take the place live; the ata lists it", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { context, seed } = await organiser(browser, 'alternates');
  const raffle = await seed.createRaffle({
    title: 'Rifa da festa junina',
    winners: 2,
    alternates: 2,
    countdown: 0,
    prizes: [
      { position: 1, name: 'Bicicleta' },
      { position: 2, name: 'Cesta básica' },
    ],
  });
  await seed.addPeople(raffle.id, ['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Davi Rocha', 'Eva Melo', 'Fábio Reis']);

  // The organiser, on a phone, draws 2 winners and 2 alternates.
  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, storageState: await context.storageState() });
  const page = await phone.newPage();
  await page.goto(`/gerenciar/${raffle.id}`);
  await page.getByRole('tab', { name: 'Sorteio' }).click();
  await confirmStart(page);
  await skipReveal(page);
  await expect(winnersList(page).getByRole('listitem')).toHaveCount(2, { timeout: 20_000 });
  await expect(alternatesList(page).getByRole('listitem')).toHaveCount(2);
  await expect(syncBar(page)).toContainText('Tudo sincronizado', { timeout: 15_000 });
  const state = await (await context.request.get(`/api/public/raffles/${raffle.code}`)).json();
  const [first, second] = state.alternates as PublicAlternate[];
  const drawn = (state.winners as PublicWinner[]).find((w) => w.position === 2)!;
  expect(first!.rank).toBe(1);
  await expect(alternatesList(page).getByRole('listitem').first()).toContainText(`1º suplente${first!.name}`);
  await shot(page, 'draw-tab-360-alternates');

  // A viewer on the winners tab, and the big screen, both opened after the draw.
  const viewerContext = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const viewer = await viewerContext.newPage();
  await viewer.goto(`/sorteio/${raffle.code}`);
  await viewer.getByRole('tab', { name: 'Vencedores' }).click();
  await expect(winnersList(viewer)).toContainText(drawn.name);
  await expect(alternatesList(viewer).getByRole('listitem')).toHaveCount(2);
  const tvContext = await browser.newContext({ viewport: PHONE });
  const tv = await tvContext.newPage();
  await tv.goto(`/sorteio/${raffle.code}/telao`);
  await expect(winnersList(tv)).toContainText(drawn.name);
  await expect(alternatesList(tv).getByRole('listitem')).toHaveCount(2);
  for (const p of [viewer, tv]) {
    await expect(p.getByText('Ao vivo')).toBeVisible();
    await markDocument(p);
  }

  // The 2nd place's winner is invalidated; the organiser calls the 1st alternate.
  const card = winnersList(page).getByRole('listitem').filter({ hasText: drawn.name });
  await card.getByRole('button', { name: 'Invalidar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invalidar Vencedor' });
  await dialog.getByLabel('Motivo (opcional)').fill('Não veio buscar o prêmio');
  await dialog.getByRole('button', { name: 'Confirmar Invalidação' }).click();
  await expect(dialog).toBeHidden();
  // Until the organiser chooses, the place waits for either.
  await expect(winnersList(page).getByText('2º prêmio · Cesta básica: aguardando suplente ou novo sorteio')).toBeVisible();
  await page.getByRole('button', { name: 'Chamar suplente' }).click();
  // Public and final: asked first.
  await page.getByRole('dialog', { name: 'Chamar o próximo suplente para o 2º lugar?' }).getByRole('button', { name: 'Chamar suplente' }).click();
  await expect(page.getByText('Suplente chamado!')).toBeVisible();
  const taken = winnersList(page).getByRole('listitem').filter({ hasText: first!.name });
  await expect(taken).toContainText('Suplente chamado');
  await expect(taken).toContainText('Prêmio: Cesta básica');
  await expect(alternatesList(page).getByRole('listitem').first()).toContainText('Chamado para o 2º lugar');
  await expect(alternatesList(page).getByRole('listitem').nth(1)).not.toContainText('Chamado');
  await expect(syncBar(page)).toContainText('Tudo sincronizado', { timeout: 15_000 });
  await page.mouse.move(0, 0);
  await shot(page, 'draw-tab-360-called');

  // Live, without a reload: the viewer's 2nd place is the alternate, marked so; never the reason.
  const place = winnersList(viewer).getByRole('listitem').nth(1);
  await expect(place).toContainText(first!.name, { timeout: 15_000 });
  await expect(place).toContainText('Suplente chamado');
  await expect(place).toContainText('Prêmio: Cesta básica');
  await expect(winnersList(viewer)).not.toContainText(drawn.name);
  await expect(alternatesList(viewer).getByRole('listitem').first()).toContainText('Chamado para o 2º lugar');
  await expect(viewer.getByText('Não veio')).toHaveCount(0);
  expect(await sameDocument(viewer)).toBe(true);
  await shot(viewer, 'public-winners-360-called');

  const tvPlace = winnersList(tv).getByRole('listitem').filter({ hasText: first!.name });
  await expect(tvPlace).toContainText('Suplente chamado', { timeout: 15_000 });
  await expect(tvPlace).toContainText('2º prêmio · Cesta básica');
  await expect(alternatesList(tv).getByRole('listitem').first()).toContainText('Chamado para o 2º lugar');
  await expect(alternatesList(tv).getByRole('listitem').nth(1)).toContainText(second!.name);
  expect(await sameDocument(tv)).toBe(true);
  await shot(tv, 'telao-360-called', false);
  await expectAccessible(tv);
  await expectAccessible(viewer);
  await tv.setViewportSize({ width: 1280, height: 720 });
  await shot(tv, 'telao-1280-called', false);

  // On paper the public page is its result: no buttons.
  await viewer.emulateMedia({ media: 'print' });
  await expect(viewer.locator('button:visible')).toHaveCount(0);
  // The printed copy (hidden from assistive technology: the tabs' copy is read) keeps the prizes and alternates.
  await expect(viewer.getByText('Chamado para o 2º lugar').filter({ visible: true })).toHaveCount(1);
  await expect(viewer.getByText('Prêmio: Cesta básica').filter({ visible: true })).toHaveCount(1);
  await viewer.setViewportSize({ width: 794, height: 1123 });
  await shot(viewer, 'public-print-a4-called');
  await viewer.setViewportSize(PHONE);
  await viewer.emulateMedia({ media: 'screen' });

  // The ata, page and PDF, lists the alternates in order and the call; never the reason.
  await page.getByRole('link', { name: 'Ata do sorteio' }).click();
  const ata = page.getByRole('article');
  await expect(ata.getByRole('region', { name: 'Suplentes' })).toContainText(`1º suplente: ${first!.name}`);
  await expect(ata).toContainText(`Lugar preenchido pelo suplente ${first!.name}, chamado em`);
  await expect(ata).not.toContainText('Não veio');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar PDF' }).click();
  const text = (await pdfText(await (await download).path())).replace(/\s+/g, ' ');
  for (const line of [
    '1º lugar · Bicicleta',
    '2º lugar · Cesta básica',
    'Suplentes',
    `1º suplente: ${first!.name} · Bilhete ${first!.ticket_number}`,
    `2º suplente: ${second!.name} · Bilhete ${second!.ticket_number}`,
    `Lugar preenchido pelo suplente ${first!.name}, chamado em`,
    `${baseURL}/sorteio/${raffle.code}/verificar`,
  ]) {
    expect(text).toContain(line);
  }
  expect(text).toMatch(new RegExp(`1º suplente: ${first!.name} .*Chamado para o 2º lugar em \\d\\d/\\d\\d/\\d{4}, \\d\\d:\\d\\d:\\d\\d \\(Brasília\\)`));
  expect(text).not.toContain('Não veio');

  await viewerContext.close();
  await tvContext.close();
  await phone.close();
  await context.close();
});
