import { expect, test, type Browser, type Page } from '@playwright/test';
import { organiser, skipReveal } from './helpers';
import { drawTab } from './rounds';

// A draw made on the organiser's phone without a connection reaches the room when the phone is back
// online: the big screen and a viewer's phone, which watched 'Aguardando' meanwhile, play its reveal
// place by place, introduced by 'Sorteio realizado sem conexão às HH:MM' (the phone's time), once; a
// reload afterwards shows the result.

const PHONE = { width: 360, height: 740 };
const TV = { width: 1280, height: 720 };
const PEOPLE = ['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Davi Reis', 'Edu Alves'];

async function viewer(browser: Browser, url: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, ...(viewport === PHONE ? { hasTouch: true, isMobile: true } : {}) });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

const show = (page: Page) => page.getByRole('dialog', { name: 'Sorteio ao vivo' });

test('an offline draw is played for the big screen and the viewers once the phone reconnects', async ({ browser }, info) => {
  test.setTimeout(120_000);
  const { context, seed } = await organiser(browser, 'sala-offline');
  const raffle = await seed.createRaffle({ title: 'Festa da escola', winners: 2, countdown: 3 });
  await seed.addPeople(raffle.id, PEOPLE);
  const phone = await viewer(browser, `/sorteio/${raffle.code}`, PHONE);
  const tv = await viewer(browser, `/sorteio/${raffle.code}/telao`, TV);
  for (const page of [phone, tv]) await expect(page.getByText('Ao vivo')).toBeVisible();
  const manage = await drawTab(context, raffle.id, PHONE);
  await manage.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });

  // The organiser's phone loses the Wi-Fi and draws: the room sees nothing yet.
  await context.setOffline(true);
  await expect(manage.getByRole('region', { name: 'Sincronização' })).toContainText('Offline');
  await manage.getByRole('button', { name: 'Iniciar Sorteio' }).click();
  await expect(manage.getByRole('dialog').getByText('vai sortear 2 vencedores')).toBeVisible();
  await manage.getByRole('dialog').getByRole('button', { name: 'Sortear agora' }).click();
  await skipReveal(manage);
  await expect(manage.getByRole('list', { name: 'Vencedores', exact: true }).getByRole('listitem')).toHaveCount(2);
  for (const page of [phone, tv]) await expect(show(page)).toBeHidden();

  // Back online: the phone syncs, and the room plays the reveal it missed.
  await context.setOffline(false);
  for (const page of [phone, tv]) await expect(show(page).getByText(/^Sorteio realizado sem conexão às \d\d:\d\d$/)).toBeVisible({ timeout: 20_000 });
  const state = await (await context.request.get(`/api/public/raffles/${raffle.code}`)).json();
  const first = state.winners.find((w: { position: number }) => w.position === 1);
  expect(first.offline).toBe(true);
  const at = new Intl.DateTimeFormat('pt-BR', { timeStyle: 'short' }).format(first.device_drawn_at);
  for (const page of [phone, tv]) {
    await expect(show(page).getByText(`Sorteio realizado sem conexão às ${at}`)).toBeVisible();
    // Place by place: the first place lands before 'Parabéns!'.
    await expect(show(page).getByText('1º Lugar', { exact: true }).first()).toBeVisible({ timeout: 10_000 });
  }
  await tv.screenshot({ path: info.outputPath('tv-offline-reveal.png') });
  for (const page of [phone, tv]) await expect(show(page).getByRole('heading', { name: 'Parabéns!' })).toBeVisible({ timeout: 15_000 });
  const winners = state.winners.sort((a: { position: number }, b: { position: number }) => a.position - b.position).map((w: { name: string }) => w.name);
  for (const page of [phone, tv]) {
    const list = show(page).getByRole('list', { name: 'Vencedores do sorteio' });
    for (const name of winners) await expect(list).toContainText(name);
  }

  // Once: a reload shows the result without the show.
  await phone.reload();
  await expect(phone.getByRole('heading', { level: 1, name: 'Festa da escola' })).toBeVisible();
  await expect(phone.getByText('Finalizado')).toBeVisible();
  await expect(show(phone)).toBeHidden();
  await Promise.all([context.close(), phone.context().close(), tv.context().close()]);
});
