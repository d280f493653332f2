import { expect, test, type Page } from '@playwright/test';
import { confirmStart, organiser } from './helpers';
import { randomCode, uuidv7 } from './seed';

// The venue: the organiser confirms the draw with its pool's numbers and fingerprint, which the
// phones and the big screen show while it counts down; a big screen opened before the raffle
// reached the server shows it as soon as it does; the manage page reaches the room (WhatsApp link,
// big screen, QR image).

const PHONE = { width: 360, height: 740 };
const TV = { width: 1280, height: 720 };

/** The public state's open round, as the server publishes it. */
async function openRound(page: Page, code: string): Promise<{ pool_digest: string; pool_size: number }> {
  const res = await page.request.get(`/api/public/raffles/${code}`);
  return (await res.json()).round;
}

test('the draw asks first with the numbers and the fingerprint, which the phone and the big screen show', async ({ browser }, info) => {
  test.setTimeout(90_000);
  const { context, seed } = await organiser(browser, 'venue');
  const raffle = await seed.createRaffle({ title: 'Rifa do salão', winners: 2, countdown: 30 });
  await seed.addPeople(raffle.id, ['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Davi Reis', 'Edu Melo'], 2);

  const phoneContext = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const phone = await phoneContext.newPage();
  await phone.goto(`/sorteio/${raffle.code}`);
  await expect(phone.getByRole('heading', { name: 'Rifa do salão' })).toBeVisible();
  const tvContext = await browser.newContext({ viewport: TV });
  const tv = await tvContext.newPage();
  await tv.goto(`/sorteio/${raffle.code}/telao`);
  await expect(tv.getByRole('heading', { name: 'Rifa do salão' })).toBeVisible();

  const manage = await context.newPage();
  await manage.setViewportSize(PHONE);
  await manage.goto(`/gerenciar/${raffle.id}`);
  await manage.getByRole('tab', { name: 'Sorteio' }).click();
  await manage.getByRole('button', { name: 'Iniciar Sorteio' }).click();
  const ask = manage.getByRole('dialog', { name: 'Sortear 2 vencedores entre 10 bilhetes de 5 pessoas?' });
  await expect(ask).toContainText('Esta é a impressão digital da lista: ela fica registrada e qualquer um pode conferir depois.');
  const shown = (await ask.getByText(/^[0-9a-f]{8}$/).textContent())!;
  await manage.screenshot({ path: info.outputPath('confirm-360.png') });
  // Cancelled: nothing starts.
  await ask.getByRole('button', { name: 'Cancelar' }).click();
  await expect(ask).toBeHidden();
  expect(await openRound(manage, raffle.code)).toBeNull();

  await confirmStart(manage);
  await expect(manage.getByRole('timer')).toBeVisible();
  const round = await expect
    .poll(() => openRound(manage, raffle.code))
    .not.toBeNull()
    .then(() => openRound(manage, raffle.code));
  expect(round.pool_digest.slice(0, 8)).toBe(shown);
  expect(round.pool_size).toBe(10);

  for (const [page, name] of [
    [phone, 'phone-countdown-360.png'],
    [tv, 'tv-countdown.png'],
  ] as const) {
    const show = page.getByRole('dialog', { name: 'Sorteio ao vivo' });
    await expect(show.getByRole('timer')).toBeVisible();
    const fairness = show.getByTestId('pool-fairness');
    await expect(fairness).toContainText('Sorteio entre 10 bilhetes de 5 pessoas');
    await expect(fairness).toContainText(`Impressão digital da lista: ${shown}`);
    await page.screenshot({ path: info.outputPath(name) });
  }
  await Promise.all([context.close(), phoneContext.close(), tvContext.close()]);
});

test('a big screen and a phone opened before the raffle exists show it after the sync, without a reload', async ({ browser }, info) => {
  test.setTimeout(60_000);
  const { context, seed } = await organiser(browser, 'venue');
  // Hex digits would bring 0 and 1, which no code has: half of such codes were refused.
  const code = randomCode();

  const tvContext = await browser.newContext({ viewport: TV });
  const tv = await tvContext.newPage();
  await tv.goto(`/sorteio/${code}/telao`);
  const phoneContext = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const phone = await phoneContext.newPage();
  await phone.goto(`/sorteio/${code}`);
  // The big screen waits; the phone says the code is not found (most such codes are mistyped) and listens on.
  await expect(tv.getByRole('heading', { name: `Aguardando o sorteio ${code}…` })).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'Sorteio não encontrado' })).toBeVisible();
  await expect(phone.getByText('Verifique o código e tente novamente')).toBeVisible();
  for (const page of [tv, phone]) {
    // A reload would lose this mark.
    await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
  }
  await phone.screenshot({ path: info.outputPath('waiting-360.png') });
  await tv.screenshot({ path: info.outputPath('tv-waiting.png') });

  // The organiser's device syncs the raffle it made offline.
  const id = uuidv7();
  await seed.push([
    {
      raffleId: id,
      type: 'raffle.create',
      payload: {
        id,
        code,
        title: 'Bingo da quermesse',
        description: '',
        type: 'tickets',
        winners_count: 1,
        countdown_seconds: 0,
        allow_duplicate_wins: false,
        created_at: Date.now(),
      },
    },
  ]);
  for (const page of [tv, phone]) {
    await expect(page.getByRole('heading', { name: 'Bingo da quermesse' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
  }
  await expect(tv.getByLabel(`Código ${code}`)).toBeVisible();
  await phone.screenshot({ path: info.outputPath('arrived-360.png') });
  await Promise.all([context.close(), phoneContext.close(), tvContext.close()]);
});

test('the manage page reaches the room: WhatsApp link, big screen, QR image (360 px)', async ({ browser }, info) => {
  const { context, seed } = await organiser(browser, 'venue');
  // A browser without the Web Share API (desktop Linux): the WhatsApp link.
  await context.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
  const raffle = await seed.createRaffle({ title: 'Rifa & bingo da escola', winners: 1 });
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  await page.goto(`/gerenciar/${raffle.id}`);
  const link = `${new URL(page.url()).origin}/sorteio/${raffle.code}`;
  const share = page.getByRole('link', { name: 'Compartilhar' });
  await expect(share).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`Rifa & bingo da escola\n${link}`)}`);
  await expect(page.getByRole('link', { name: 'Abrir telão' })).toHaveAttribute('href', `/sorteio/${raffle.code}/telao`);
  await expect(page.getByRole('img', { name: `QR code do link público: ${link}` })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar QR code' }).click()]);
  expect(download.suggestedFilename()).toBe(`sorteio-${raffle.code}-qr.png`);
  const { readFile } = await import('node:fs/promises');
  const png = await readFile((await download.path())!);
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  await page.getByRole('heading', { name: 'Divulgar' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('share-360.png') });
  await context.close();
});
