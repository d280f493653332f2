import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { organiser, confirmStart } from './helpers';

// Two browsers, offline and back, then reloads: minutes of work on a busy machine, not seconds.
test.describe.configure({ timeout: 90_000 });

// Two devices of one account draw offline and meet later: the device whose round the server refuses
// says so in full, with the winners the room saw, instead of silently showing the other result.

const syncBar = (page: Page) => page.getByRole('region', { name: 'Sincronização' });
const winnersList = (page: Page) => page.getByRole('list', { name: 'Vencedores' });

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
  return winnersList(page).getByRole('listitem').evaluateAll((items) => items.map((li) => li.textContent ?? ''));
}

const people = ['Ana', 'Bia', 'Caio', 'Duda', 'Eva'];

test('B draws offline while A adds a person: B says its draw did not count and whom it drew', async ({ browser }) => {
  const { laptop, phone, a, b, raffle, named } = await twoDevices(browser, people);
  await laptop.setOffline(true);
  await phone.setOffline(true);

  await a.getByLabel('Nome', { exact: true }).fill('Fábio');
  await a.getByRole('button', { name: 'Adicionar participante' }).click();
  await expect(a.getByLabel('Nome', { exact: true })).toHaveValue('');
  await drawTab(b);
  await confirmStart(b);
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
  await laptop.close();
  await phone.close();
});

test('both redraw the same place offline: the one that syncs second says its redraw did not count', async ({ browser }) => {
  const { laptop, phone, a, b, raffle, named } = await twoDevices(browser, people);
  await drawTab(a);
  await confirmStart(a);
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
    await expect(page.getByText('Vencedor re-sorteado!')).toBeVisible();
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
  await laptop.close();
  await phone.close();
});
