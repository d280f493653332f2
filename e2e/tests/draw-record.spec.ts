import { expect, test, type Page } from '@playwright/test';
import { organiser, confirmStart, skipReveal } from './helpers';
import { drawTab } from './rounds';

// Nothing stuck, nothing hidden: a round whose device is gone is abandoned from another device (the
// server's grace is 2 s here, DRAW_ABANDON_GRACE), and a deleted raffle's draw stays public.

const winnersList = (page: Page) => page.getByRole('list', { name: 'Vencedores' });

test('a round whose device is closed mid-countdown is abandoned from a second device, and a new draw completes', async ({ browser }) => {
  // Two countdowns of 3 s, the grace of 2 s and three browser pages: more than the default 30 s on a
  // loaded machine, without any wait of its own.
  test.setTimeout(90_000);
  const { context: laptop, seed, email } = await organiser(browser, 'registro');
  const raffle = await seed.createRaffle({ title: 'Rifa do aparelho perdido', winners: 2, countdown: 3 });
  await seed.addPeople(raffle.id, ['Ana', 'Bia', 'Caio', 'Duda', 'Edu']);

  const a = await drawTab(laptop, raffle.id);
  await confirmStart(a);
  await expect(a.getByRole('timer')).toBeVisible();
  // The server has the round (with its commitment); then the laptop is gone, seed and all.
  await expect.poll(async () => (await (await laptop.request.get(`/api/sync/raffles/${raffle.id}/snapshot`)).json()).draws.length).toBe(1);
  await laptop.close();

  const phone = await browser.newContext();
  expect((await phone.request.post('/api/auth/signin', { data: { email, password: 'segredo1' } })).status()).toBe(200);
  const b = await drawTab(phone, raffle.id);
  await expect(b.getByText('Sorteio em andamento', { exact: false }).first()).toBeVisible();
  // Offered once the countdown (3 s) and the grace (2 s) are over on the server's clock.
  const abandon = b.getByRole('button', { name: 'Abandonar rodada' });
  await expect(abandon).toBeVisible({ timeout: 15_000 });
  await abandon.click();
  const dialog = b.getByRole('dialog', { name: 'Abandonar rodada' });
  await expect(dialog).toContainText('continuará visível como abandonada na verificação pública');
  await dialog.getByRole('button', { name: 'Abandonar rodada' }).click();
  await expect(b.getByText('Rodada abandonada', { exact: true })).toBeVisible();

  // The raffle is pending again: a new round, from this device, completes.
  await confirmStart(b);
  await expect(b.getByRole('timer')).toBeVisible();
  await skipReveal(b);
  await expect(winnersList(b).getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });

  const audit = await (await phone.request.get(`/api/public/raffles/${raffle.code}/audit`)).json();
  expect(audit.abandoned.map((r: { round: number; online: boolean }) => [r.round, r.online])).toEqual([[1, true]]);
  expect(audit.draws.map((r: { round: number; online: boolean }) => [r.round, r.online])).toEqual([[2, true]]);

  const visitor = await browser.newContext();
  const check = await visitor.newPage();
  await check.goto(`/sorteio/${raffle.code}/verificar`);
  await expect(check.getByRole('status', { name: 'Resultado da conferência' }).getByText('Confere', { exact: true })).toBeVisible({ timeout: 15_000 });
  const abandoned = check.getByRole('region', { name: /1ª rodada: sorteio/ });
  await expect(abandoned.getByText(/^Rodada abandonada em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(check.getByRole('region', { name: /2ª rodada: sorteio/ }).getByText('Confere', { exact: true })).toBeVisible();
  await visitor.close();
  await phone.close();
});

test('the verification page of a deleted raffle with a draw still checks it, and says it was deleted', async ({ browser }) => {
  const { context, seed } = await organiser(browser, 'registro');
  const raffle = await seed.createRaffle({ title: 'Rifa excluída', winners: 1, countdown: 0 });
  await seed.addPeople(raffle.id, ['Ana', 'Bia', 'Caio']);
  const page = await drawTab(context, raffle.id);
  await confirmStart(page);
  await expect(winnersList(page).getByRole('listitem')).toHaveCount(1);
  await expect.poll(async () => (await (await context.request.get(`/api/sync/raffles/${raffle.id}/snapshot`)).json()).raffle.status).toBe('completed');
  await seed.push([{ raffleId: raffle.id, type: 'raffle.delete', payload: {} }]);

  const visitor = await browser.newContext();
  const check = await visitor.newPage();
  await check.goto(`/sorteio/${raffle.code}/verificar`);
  await expect(check.getByRole('note')).toHaveText(/^Sorteio excluído pelo organizador em \d{2}\/\d{2}\/\d{4}/);
  await expect(check.getByRole('status', { name: 'Resultado da conferência' }).getByText('Confere', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(winnersList(check).getByRole('listitem')).toHaveCount(1);
  await visitor.close();
  await context.close();
});
