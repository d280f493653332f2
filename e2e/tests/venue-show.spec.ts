import { expect, test, type Browser, type Page } from '@playwright/test';
import { confirmStart, organiser } from './helpers';
import { abandonLostRound, drawTab } from './rounds';

// One show for the whole room: the organiser's tab plays the reveal the phones and the big screen
// play, in step, and lists the winners (and says 'Sorteio realizado!') only at its end ('Pular
// animação' skips to them); the organiser's own full-screen show ('Apresentar') runs with no
// connection; the alternates come after the winners under 'Suplentes'; a viewer who opens the page
// after a round was abandoned is told so.

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
/** The reveal's heading for a place once its winner landed ('1º Lugar', '1º suplente'). */
const landed = (page: Page, label: string) => show(page).getByText(label, { exact: true }).first();

test('organiser, phone and big screen see each reveal together; the organiser lists the winners at the end', async ({ browser }, info) => {
  test.setTimeout(120_000);
  const { context, seed } = await organiser(browser, 'sala');
  const raffle = await seed.createRaffle({ title: 'Rifa do salão', winners: 2, countdown: 3 });
  await seed.push([{ raffleId: raffle.id, type: 'raffle.update', payload: { alternates_count: 1 } }]);
  await seed.addPeople(raffle.id, PEOPLE);
  const phone = await viewer(browser, `/sorteio/${raffle.code}`, PHONE);
  const tv = await viewer(browser, `/sorteio/${raffle.code}/telao`, TV);
  for (const page of [phone, tv]) await expect(page.getByText('Ao vivo')).toBeVisible();
  const manage = await drawTab(context, raffle.id, PHONE);
  const room = [manage, phone, tv];

  await confirmStart(manage);
  // Each place lands on the three screens within its 2 s on stage, in order; the organiser's tab
  // shows the reveal, not the list.
  for (const label of ['1º Lugar', '2º Lugar']) {
    await Promise.all(room.map((page) => expect(landed(page, label)).toBeVisible({ timeout: 20_000 })));
    await expect(manage.getByRole('list', { name: 'Vencedores', exact: true })).toHaveCount(0);
    await expect(manage.getByText('Sorteio concluído')).toHaveCount(0);
    // Nor the toast: it would tell the organiser before the room.
    await expect(manage.getByText('Sorteio realizado!')).toHaveCount(0);
    if (label === '1º Lugar') await manage.screenshot({ path: info.outputPath('organiser-reveal-360.png') });
  }
  // Then the alternate, under its own heading, on every screen.
  await Promise.all(room.map((page) => expect(landed(page, '1º suplente')).toBeVisible({ timeout: 10_000 })));
  await expect(show(phone).getByText('Suplentes', { exact: true }).first()).toBeVisible();
  await Promise.all(room.map((page) => expect(show(page).getByRole('heading', { name: 'Parabéns!' })).toBeVisible({ timeout: 10_000 })));
  await expect(manage.getByText('Sorteio realizado!')).toBeVisible();
  const result = async (page: Page) => show(page).getByRole('list', { name: 'Vencedores do sorteio' }).getByRole('listitem').allTextContents();
  const revealed = await result(phone);
  expect(revealed).toHaveLength(2);
  expect(await result(manage)).toEqual(revealed);
  expect(await result(tv)).toEqual(revealed);
  await expect(show(phone).getByRole('region', { name: 'Suplentes' }).getByRole('listitem')).toHaveCount(1);

  // Closed: the organiser's tab lists the same winners.
  await show(manage).getByRole('button', { name: 'Fechar' }).click();
  await expect(manage.getByRole('list', { name: 'Vencedores', exact: true }).getByRole('listitem')).toHaveCount(2);
  await expect(manage.getByText('Sorteio concluído')).toBeVisible();
  await Promise.all([context.close(), phone.context().close(), tv.context().close()]);
});

test("'Pular animação' takes the organiser to the list, by keyboard too", async ({ browser }) => {
  test.setTimeout(60_000);
  const { context, seed } = await organiser(browser, 'pular');
  const raffle = await seed.createRaffle({ title: 'Rifa apressada', winners: 2, countdown: 0 });
  await seed.addPeople(raffle.id, PEOPLE);
  const manage = await drawTab(context, raffle.id, PHONE);
  await confirmStart(manage);
  const skip = show(manage).getByRole('button', { name: 'Pular animação' });
  await expect(skip).toBeVisible({ timeout: 20_000 });
  await skip.focus();
  await manage.keyboard.press('Enter');
  await expect(show(manage)).toBeHidden();
  await expect(manage.getByText('Sorteio realizado!')).toBeVisible();
  await expect(manage.getByRole('list', { name: 'Vencedores', exact: true }).getByRole('listitem')).toHaveCount(2);
  await context.close();
});

test("the organiser's 'Apresentar' show runs offline to 'Parabéns!', with the code and the QR code", async ({ browser }, info) => {
  test.setTimeout(90_000);
  const { context, seed } = await organiser(browser, 'apresentar');
  const raffle = await seed.createRaffle({ title: 'Rifa sem Wi-Fi', winners: 2, countdown: 3 });
  await seed.addPeople(raffle.id, PEOPLE);
  const manage = await drawTab(context, raffle.id, PHONE);
  await expect(manage.getByText('Participantes', { exact: true }).first()).toBeVisible();
  await expect(manage.getByRole('button', { name: 'Iniciar Sorteio' })).toBeEnabled();
  await context.setOffline(true);

  await manage.getByRole('button', { name: 'Apresentar' }).click();
  const presenter = manage.getByRole('dialog', { name: 'Rifa sem Wi-Fi' });
  await expect(presenter).toBeVisible();
  await expect(presenter.getByLabel(`Código ${raffle.code}`)).toBeVisible();
  await expect(presenter.locator('svg[data-qr-ready="true"]')).toHaveAttribute('data-qr-text', new RegExp(`/sorteio/${raffle.code}$`));
  await expect(presenter.getByText('Sem conexão: o resultado será publicado no link do sorteio assim que a conexão voltar.')).toBeVisible();
  await manage.screenshot({ path: info.outputPath('apresentar-waiting-360.png') });

  await presenter.getByRole('button', { name: 'Iniciar Sorteio' }).click();
  await manage
    .getByRole('dialog', { name: /^Sortear 2 vencedores/ })
    .getByRole('button', { name: 'Sortear agora' })
    .click();
  await expect(presenter.getByRole('timer')).toBeVisible();
  await expect(presenter.getByText('1º Lugar', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await manage.screenshot({ path: info.outputPath('apresentar-reveal-360.png') });
  await expect(presenter.getByText('2º Lugar', { exact: true }).first()).toBeVisible({ timeout: 10_000 });
  await expect(presenter.getByRole('heading', { name: 'Parabéns!' })).toBeVisible({ timeout: 10_000 });
  await expect(presenter.getByRole('list', { name: 'Vencedores do sorteio' }).getByRole('listitem')).toHaveCount(2);
  await manage.screenshot({ path: info.outputPath('apresentar-parabens-360.png') });

  // Escape leaves; the tab lists the device's result.
  await manage.keyboard.press('Escape');
  await expect(presenter).toBeHidden();
  await expect(manage.getByRole('list', { name: 'Vencedores', exact: true }).getByRole('listitem')).toHaveCount(2);
  await context.close();
});

test('a viewer who opens the page after a round was abandoned is told so', async ({ browser }) => {
  // A 3 s countdown and the 2 s grace (DRAW_ABANDON_GRACE).
  test.setTimeout(90_000);
  const { context: laptop, seed, email } = await organiser(browser, 'tarde');
  const raffle = await seed.createRaffle({ title: 'Rifa anulada', winners: 1, countdown: 3 });
  await seed.addPeople(raffle.id, ['Ana', 'Bia', 'Caio']);
  const other = await abandonLostRound(browser, { laptop, email }, raffle.id, PHONE);
  await expect.poll(async () => (await (await other.request.get(`/api/public/raffles/${raffle.code}`)).json()).abandoned_round?.id ?? null).not.toBeNull();

  const late = await viewer(browser, `/sorteio/${raffle.code}`, PHONE);
  await expect(late.getByText('Rodada anulada pelo organizador')).toBeVisible();
  await expect(late.getByRole('link', { name: 'Ver na página de verificação' })).toHaveAttribute('href', `/sorteio/${raffle.code}/verificar`);
  await Promise.all([late.context().close(), other.close()]);
});
