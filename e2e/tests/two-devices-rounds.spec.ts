import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { organiser, confirmStart, skipReveal, passSkippingReveal } from './helpers';

// Two browsers, offline and back, then reloads: minutes of work on a busy machine, not seconds.
test.describe.configure({ timeout: 120_000 });

// Two devices of one account draw offline and meet later: the device whose round the server refuses
// says so in full, with the winners the room saw, instead of silently showing the other result.

const syncBar = (page: Page) => page.getByRole('region', { name: 'Sincronização' });
const winnersList = (page: Page) => page.getByRole('list', { name: 'Vencedores', exact: true });

/** The organiser's laptop (A) and phone (B), both on the raffle's draw tab, B able to work offline. */
async function twoDevices(browser: Browser, people: string[]) {
  const { context: laptop, seed, email } = await organiser(browser, 'rounds');
  const phone = await browser.newContext();
  expect((await phone.request.post('/api/auth/signin', { data: { email, password: 'segredo1' } })).status()).toBe(200);
  const raffle = await seed.createRaffle({ title: 'Rifa de dois aparelhos', winners: 2, countdown: 0 });
  const tickets = new Map((await seed.addPeople(raffle.id, people)).map((t) => [t.name, t.ticket_number]));
  const a = await openRaffle(laptop, raffle.id);
  const b = await openRaffle(phone, raffle.id);
  /** 'Nº name (bilhete n)' of the winners' lines a device shows, as its refusal names them. */
  const named = (lines: string[]) =>
    lines.map((line) => {
      const name = people.find((n) => line.includes(n))!;
      return `${line.match(/^(\d+)º/)?.[1]}º ${name} (bilhete ${tickets.get(name)})`;
    });
  return { laptop, phone, a, b, raffle, named };
}

async function openRaffle(context: BrowserContext, raffleId: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/gerenciar/${raffleId}`);
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
  return page;
}

async function drawTab(page: Page) {
  await page.getByRole('tab', { name: 'Sorteio' }).click();
}

/** The winners' "position: name" lines, in the order shown. */
async function shownWinners(page: Page): Promise<string[]> {
  return winnersList(page)
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => li.textContent ?? ''));
}

const people = ['Ana', 'Bia', 'Caio', 'Duda', 'Eva'];

/**
 * The public verification page, on a phone of the audience (no session): the refused round is kept
 * there as refused, with the winners the room saw, its times and its reason in one line, and checks out.
 */
async function publicRecordShows(browser: Browser, code: string, title: string, reason: string, seen: string[], shot: string) {
  const viewer = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await viewer.newPage();
  await page.goto(`/sorteio/${code}/verificar`);
  await expect(page.getByRole('status', { name: 'Resultado da conferência' })).toContainText('Confere', { timeout: 15_000 });
  const card = page.getByRole('region', { name: title });
  await expect(card).toContainText(`Não valeu: ${reason}.`);
  await expect(card).toContainText(/Feita no aparelho em \d{2}\/\d{2}\/\d{4}.*recusada pelo servidor em \d{2}\/\d{2}\/\d{4}/);
  await expect(card.getByText('Recusada', { exact: true })).toBeVisible();
  await expect(card.getByText('Confere', { exact: true })).toBeVisible();
  // 'Nº Name (bilhete n)', as the device named them, is 'Nº lugar: bilhete n (Name)' in the record.
  const lines = seen.map((w) => w.replace(/^(\d+)º (.+) \(bilhete (\S+)\)$/, '$1º lugar: bilhete $3 ($2)'));
  await expect(card.getByRole('listitem')).toHaveText(lines);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(shot), fullPage: true });
  // The refused round's card is read as well as the rest of the page (a11y.spec's rule).
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await viewer.close();
}

test('B draws offline while A adds a person: B says its draw did not count and whom it drew', async ({ browser }) => {
  const { laptop, phone, a, b, raffle, named } = await twoDevices(browser, people);
  await laptop.setOffline(true);
  await phone.setOffline(true);

  await a.getByLabel('Nome', { exact: true }).fill('Fábio');
  await a.getByRole('button', { name: 'Adicionar participante' }).click();
  await expect(a.getByLabel('Nome', { exact: true })).toHaveValue('');
  await drawTab(b);
  await confirmStart(b);
  await skipReveal(b);
  await expect(b.getByText('Sorteio realizado!')).toBeVisible();
  await expect(winnersList(b).getByRole('listitem')).toHaveCount(2);
  const seen = named(await shownWinners(b));

  await laptop.setOffline(false);
  await expect(syncBar(a)).toContainText('Tudo sincronizado', { timeout: 15_000 });
  await phone.setOffline(false);
  const told = `O sorteio feito offline neste aparelho não valeu: a lista mudou em outro aparelho antes da sincronização. Sorteados aqui: ${seen.join(', ')}.`;
  await expect(b.getByText(told, { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  // The refused round's ops are kept on the device until the person settles them ('Não enviados').
  await expect(syncBar(b)).toContainText(/alteraç(ão|ões) não enviadas?/);
  // The toast waits for the person: still there once everything else has settled.
  await expect(b.getByRole('button', { name: 'Iniciar Sorteio' })).toBeEnabled();
  await expect(b.getByText(told, { exact: true }).first()).toBeVisible();

  // The server kept A's person and no round; after a reload both show a raffle still to draw.
  const snap = await (await laptop.request.get(`/api/sync/raffles/${raffle.id}/snapshot`)).json();
  expect(snap.raffle.status).toBe('pending');
  expect(snap.draws ?? []).toEqual([]);
  for (const page of [a, b]) {
    await page.reload();
    await drawTab(page);
    await expect(page.getByRole('button', { name: 'Iniciar Sorteio' })).toBeEnabled();
    await expect(winnersList(page)).toHaveCount(0);
  }
  // Yet the round the room saw is in the public record, refused, and counts toward nothing.
  const audit = await (await laptop.request.get(`/api/public/raffles/${raffle.code}/audit`)).json();
  expect(audit.draws).toEqual([]);
  expect(audit.refused_rounds.map((r: { reason: string }) => r.reason)).toEqual(['pool_changed']);
  await publicRecordShows(browser, raffle.code, 'Sorteio recusado (1º e 2º lugares)', 'a lista mudou em outro aparelho antes da sincronização', seen, 'refused-round.png');
  await laptop.close();
  await phone.close();
});

test('both redraw the same place offline: the one that syncs second says its redraw did not count', async ({ browser }) => {
  const { laptop, phone, a, b, raffle, named } = await twoDevices(browser, people);
  await drawTab(a);
  await confirmStart(a);
  await skipReveal(a);
  await expect(winnersList(a).getByRole('listitem')).toHaveCount(2);
  await drawTab(b);
  await expect(winnersList(b).getByRole('listitem')).toHaveCount(2);

  await laptop.setOffline(true);
  await phone.setOffline(true);
  for (const page of [a, b]) {
    const second = winnersList(page).getByRole('listitem').nth(1);
    await second.getByRole('button', { name: 'Invalidar' }).click();
    await page.getByRole('dialog', { name: 'Invalidar Vencedor' }).getByRole('button', { name: 'Confirmar Invalidação' }).click();
    await second.getByRole('button', { name: 'Re-sortear' }).click();
    // The toast comes once the redraw's reveal is over (skipped here), or at once without one.
    await passSkippingReveal(page, () => expect(page.getByText('Vencedor re-sorteado!')).toBeVisible({ timeout: 500 }));
    await expect(winnersList(page).getByRole('listitem')).toHaveCount(3);
  }
  const valid = (lines: string[]) => lines.filter((w) => !w.includes('Invalidado'));
  const seen = named(valid(await shownWinners(b)).filter((w) => w.startsWith('2º')));

  await laptop.setOffline(false);
  await expect(syncBar(a)).toContainText('Tudo sincronizado', { timeout: 15_000 });
  await phone.setOffline(false);
  const told = `O re-sorteio feito offline neste aparelho não valeu: este lugar já foi re-sorteado em outro aparelho. Sorteado aqui: ${seen.join(', ')}.`;
  await expect(b.getByText(told, { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  // The refused round's ops are kept on the device until the person settles them ('Não enviados').
  await expect(syncBar(b)).toContainText(/alteraç(ão|ões) não enviadas?/);
  await expect(b.getByText('Este vencedor já foi invalidado.')).toHaveCount(0);

  // The server kept A's redraw; B now shows A's result.
  const audit = await (await laptop.request.get(`/api/public/raffles/${raffle.code}/audit`)).json();
  expect(audit.draws.map((d: { kind: string }) => d.kind)).toEqual(['draw', 'redraw']);
  await expect.poll(async () => valid(await shownWinners(b))).toEqual(valid(await shownWinners(a)));
  // B's discarded redraw is in the public record as refused, with the winner B's room saw.
  expect(audit.refused_rounds.map((r: { kind: string; reason: string }) => [r.kind, r.reason])).toEqual([['redraw', 'position_taken']]);
  await publicRecordShows(browser, raffle.code, 'Re-sorteio recusado (2º lugar)', 'este lugar já foi re-sorteado em outro aparelho', seen, 'discarded-redraw.png');
  await laptop.close();
  await phone.close();
});
