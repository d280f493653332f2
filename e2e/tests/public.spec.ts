import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createAccount, uniqueEmail, confirmStart, skipReveal } from './helpers';
import { decodeQr } from './qr';
import { SeedClient } from './seed';

// The public page as the room sees it: a phone watching a draw that the organiser runs on another
// device, a reload during the countdown, an unknown code, and the big-screen mode's QR code.

const PHONE = { width: 390, height: 844 };

async function organiser(browser: Browser): Promise<{ context: BrowserContext; seed: SeedClient }> {
  const context = await browser.newContext();
  await createAccount(context.request, uniqueEmail('public'), 'segredo1');
  return { context, seed: new SeedClient(context.request) };
}

async function startDraw(context: BrowserContext, raffleId: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/gerenciar/${raffleId}`);
  await page.getByRole('tab', { name: 'Sorteio' }).click();
  await confirmStart(page);
  return page;
}

/** The seconds the page's countdown shows, and when (page clock, ms). */
async function countdownReading(page: Page): Promise<{ seconds: number; at: number }> {
  return page.getByRole('timer').evaluate((el) => ({
    seconds: Number(el.querySelector('[aria-hidden="true"]')?.textContent),
    at: performance.timeOrigin + performance.now(),
  }));
}

test('a phone watches the organiser draw: countdown, reveal, Parabéns and the same winners', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context: laptop, seed } = await organiser(browser);
  const raffle = await seed.createRaffle({ title: 'Rifa da quermesse', winners: 2, countdown: 3 });
  await seed.addPeople(raffle.id, ['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Davi Reis', 'Edu Melo'], 2);

  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const viewer = await phone.newPage();
  await viewer.goto(`/sorteio/${raffle.code.toLowerCase()}`);
  await expect(viewer.getByRole('heading', { level: 1, name: 'Rifa da quermesse' })).toBeVisible();
  await expect(viewer.getByText('Aguardando')).toBeVisible();
  await expect(viewer.getByText('Ao vivo')).toBeVisible();
  await expect(viewer.getByRole('list', { name: 'Participantes' }).getByRole('listitem')).toHaveCount(5);
  await viewer.screenshot({ path: test.info().outputPath('viewer-390-before.png'), fullPage: true });

  const manage = await startDraw(laptop, raffle.id);
  const show = viewer.getByRole('dialog', { name: 'Sorteio ao vivo' });
  await expect(show.getByRole('timer')).toBeVisible();
  const first = await countdownReading(viewer);
  expect(first.seconds).toBeGreaterThanOrEqual(1);
  expect(first.seconds).toBeLessThanOrEqual(3); // never more than the countdown
  await viewer.screenshot({ path: test.info().outputPath('viewer-390-countdown.png') });

  // The reveal: a shuffle, then each winner in place.
  await expect(show.getByText('1º Lugar', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  await viewer.screenshot({ path: test.info().outputPath('viewer-390-reveal.png') });
  await expect(show.getByRole('heading', { name: 'Parabéns!' })).toBeVisible({ timeout: 15_000 });
  await viewer.screenshot({ path: test.info().outputPath('viewer-390-parabens.png') });
  const revealed = await show.getByRole('list', { name: 'Vencedores do sorteio' }).getByRole('listitem').allTextContents();
  expect(revealed).toHaveLength(2);

  // The organiser's screen shows the same two winners, in the same places.
  await skipReveal(manage);
  const organiserList = manage.getByRole('list', { name: 'Vencedores' }).getByRole('listitem');
  await expect(organiserList).toHaveCount(2);
  const organiserWinners = await organiserList.allTextContents();
  for (const [i, line] of revealed.entries()) {
    const [, place, name] = /^(\dº Lugar)(.+?)\d{3}$/.exec(line) ?? [];
    expect(place).toBe(`${i + 1}º Lugar`);
    expect(organiserWinners[i]).toContain(place!);
    expect(organiserWinners[i]).toContain(name!);
  }

  await show.getByRole('button', { name: 'Fechar' }).click();
  await expect(viewer.getByText('Finalizado')).toBeVisible();
  await viewer.getByRole('tab', { name: 'Vencedores' }).click();
  await expect(viewer.getByRole('list', { name: 'Vencedores' }).getByRole('listitem')).toHaveCount(2);
  // E-mails only masked.
  await expect(viewer.getByRole('list', { name: 'Vencedores' })).toContainText('***@e***.com');
  await viewer.screenshot({ path: test.info().outputPath('viewer-390-after.png'), fullPage: true });

  // Someone arriving now sees the result at once, without the show.
  const late = await phone.newPage();
  await late.goto(`/sorteio/${raffle.code}`);
  await expect(late.getByRole('list', { name: 'Vencedores' }).getByRole('listitem')).toHaveCount(2);
  await expect(late.getByRole('dialog')).toHaveCount(0);
  await laptop.close();
  await phone.close();
});

test("with reduced motion a viewer sees no shuffle, the reveals in the same order and the server's winners", async ({ browser }) => {
  test.setTimeout(90_000);
  const { context: laptop, seed } = await organiser(browser);
  const raffle = await seed.createRaffle({ title: 'Rifa sem animação', winners: 2, countdown: 2 });
  // Five people and two winners: a shuffle would show at least one of the three others.
  await seed.addPeople(raffle.id, ['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Davi Reis', 'Edu Melo']);
  const phone = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  const viewer = await phone.newPage();
  await viewer.goto(`/sorteio/${raffle.code}`);
  await expect(viewer.getByText('Ao vivo')).toBeVisible();
  // Everything the show's big line says, and the revealed places each time they change.
  await viewer.evaluate(() => {
    const w = window as unknown as { shown: string[]; reveals: string[] };
    w.shown = [];
    w.reveals = [];
    new MutationObserver(() => {
      const line = document.querySelector('[role="dialog"] p[aria-hidden]:not([class*="text-white/80"])')?.textContent;
      if (line && w.shown.at(-1) !== line) w.shown.push(line);
      const places = [...document.querySelectorAll('[aria-label="Vencedores revelados"] li')].map((li) => li.firstElementChild?.textContent).join(',');
      if (places && w.reveals.at(-1) !== places) w.reveals.push(places);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });

  await startDraw(laptop, raffle.id);
  const show = viewer.getByRole('dialog', { name: 'Sorteio ao vivo' });
  await expect(show.getByRole('heading', { name: 'Parabéns!' })).toBeVisible({ timeout: 30_000 });
  const final = await show.getByRole('list', { name: 'Vencedores do sorteio' }).getByRole('listitem').allTextContents();

  const answer = await phone.request.get(`/api/public/raffles/${raffle.code}`);
  const state = (await answer.json()) as { winners: { position: number; name: string; ticket_number: string; valid: boolean }[] };
  const winners = state.winners.filter((w) => w.valid).sort((a, b) => a.position - b.position);
  expect(winners).toHaveLength(2);
  expect(final).toEqual(winners.map((w) => `${w.position}º Lugar${w.name}${w.ticket_number}`));

  const { shown, reveals } = await viewer.evaluate(() => {
    const w = window as unknown as { shown: string[]; reveals: string[] };
    return { shown: w.shown, reveals: w.reveals };
  });
  // While shuffling the line holds a placeholder, never another person's name.
  expect(shown).toContain('• • •');
  const allowed = new Set(['• • •', ...winners.map((w) => w.name)]);
  expect(shown.filter((line) => !allowed.has(line))).toEqual([]);
  // The places come one at a time, first then second.
  expect(reveals).toEqual(['1º Lugar', '1º Lugar,2º Lugar']);
  await laptop.close();
  await phone.close();
});

test('a viewer who reloads during the countdown sees the same time left', async ({ browser }) => {
  test.setTimeout(60_000);
  const { context: laptop, seed } = await organiser(browser);
  const raffle = await seed.createRaffle({ title: 'Rifa longa', winners: 1, countdown: 30 });
  await seed.addPeople(raffle.id, ['Ana', 'Bia', 'Caio']);
  const phone = await browser.newContext({ viewport: PHONE });
  const viewer = await phone.newPage();
  await viewer.goto(`/sorteio/${raffle.code}`);
  await expect(viewer.getByText('Ao vivo')).toBeVisible();
  await startDraw(laptop, raffle.id);
  await expect(viewer.getByRole('timer')).toBeVisible();
  const before = await countdownReading(viewer);
  await viewer.reload();
  await expect(viewer.getByRole('timer')).toBeVisible();
  const after = await countdownReading(viewer);
  const expected = before.seconds - (after.at - before.at) / 1000;
  expect(Math.abs(after.seconds - expected)).toBeLessThanOrEqual(1);
  expect(after.seconds).toBeLessThanOrEqual(30);
  await laptop.close();
  await phone.close();
});

test('a mistyped code says so and leads back to the code entry', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/sorteio');
  await page.getByLabel('Código do sorteio').fill('zzzzz9');
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page).toHaveURL(/\/sorteio\/ZZZZZ9$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sorteio não encontrado' })).toBeVisible();
  await expect(page.getByText('Verifique o código e tente novamente')).toBeVisible();
  await expect(page.getByText(/Aguardando o sorteio/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Consultar outro código' }).click();
  await expect(page).toHaveURL(/\/sorteio$/);
});

test('big-screen mode shows the code and a QR code that reads as the public link', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const { context: laptop, seed } = await organiser(browser);
  const raffle = await seed.createRaffle({ title: 'Bingo da escola', winners: 3 });
  await seed.addPeople(raffle.id, ['Ana', 'Bia', 'Caio', 'Duda']);
  const tv = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await tv.newPage();
  await page.goto(`/sorteio/${raffle.code}`);
  await page.getByRole('link', { name: 'Modo telão' }).click();
  await expect(page).toHaveURL(new RegExp(`/sorteio/${raffle.code}/telao$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Bingo da escola' })).toBeVisible();
  await expect(page.getByLabel(`Código ${raffle.code}`)).toBeVisible();
  const link = `${baseURL}/sorteio/${raffle.code}`;
  const qr = page.getByRole('img', { name: `QR code do link público: ${link}` });
  await expect(qr.locator('path')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('telao-1280.png') });

  // Decode what is drawn, not what an attribute says.
  expect(await decodeQr(qr)).toBe(link);

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: test.info().outputPath('telao-1920.png') });
  await laptop.close();
  await tv.close();
});
