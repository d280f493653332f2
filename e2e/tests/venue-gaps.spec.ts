import { expect, test, type Browser, type Page } from '@playwright/test';
import { confirmStart, organiser, skipReveal } from './helpers';
import { catchUp, endShow, pauseSoon, runToResult, runUntil } from './page-clock';
import { abandonLostRound, drawTab } from './rounds';

// What the room sees around the result: the reveal's headline names the ticket as large as the
// name; a place whose winner is invalidated shows as waiting for an alternate or a new draw (never
// why) while the raffle has an alternate left; a round
// abandoned by the organiser is said so, with the verification link, on the phones and the TV.

const PHONE = { width: 360, height: 740 };
const TV = { width: 1280, height: 720 };

/** A phone and a TV on the raffle's public pages, live; `clock`: on Playwright's clock. */
async function viewers(browser: Browser, code: string, clock = false): Promise<{ phone: Page; tv: Page; close(): Promise<void> }> {
  const phoneContext = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const phone = await phoneContext.newPage();
  const tvContext = await browser.newContext({ viewport: TV });
  const tv = await tvContext.newPage();
  if (clock) for (const page of [phone, tv]) await page.clock.install();
  await phone.goto(`/sorteio/${code}`);
  await tv.goto(`/sorteio/${code}/telao`);
  for (const page of [phone, tv]) await expect(page.getByText('Ao vivo')).toBeVisible();
  return { phone, tv, close: async () => void (await Promise.all([phoneContext.close(), tvContext.close()])) };
}

test('the reveal names the ticket in the headline, and an invalidated place shows its gap on the viewers', async ({ browser }, info) => {
  test.setTimeout(90_000);
  const { context, seed } = await organiser(browser, 'lacuna');
  const raffle = await seed.createRaffle({ title: 'Rifa da lacuna', winners: 2, alternates: 1, countdown: 3 });
  await seed.addPeople(raffle.id, ['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Davi Reis']);
  // The viewers' shows run on their pages' clocks, paused as the draw starts and run by the test to
  // the moment measured: a place cannot give way to the next one's shuffle while it is measured.
  const { phone, tv, close } = await viewers(browser, raffle.code, true);

  const manage = await drawTab(context, raffle.id, PHONE);
  for (const page of [phone, tv]) await pauseSoon(page);
  await confirmStart(manage);
  // The organiser's tab plays the same reveal: skipped there as it starts, so only the viewers animate.
  const organiserSkipped = skipReveal(manage);
  // The first place lands: its ticket is in the headline, in the name's size, on the phone and the TV.
  // It shuffles 3000 ms and holds 2000 before the next place's shuffle: run 250 ms a step.
  for (const page of [phone, tv]) {
    const show = page.getByRole('dialog', { name: 'Sorteio ao vivo' });
    const headline = show.getByText(/^Bilhete \d+$/);
    await runToResult(page, raffle.code, 1_000);
    await runUntil(page, 'the first place landed', async () => (await headline.count()) === 1);
    const { text, ticket, name, left, right } = await headline.evaluate(async (el) => {
      const nameLine = el.parentElement?.parentElement?.querySelector('p.line-clamp-2');
      if (!nameLine) throw new Error('no headline name beside the ticket');
      // The pop scales through an overshoot above 1 (a CSS animation, on real time): measured
      // where the line rests.
      await Promise.all(el.getAnimations().map((a) => a.finished.catch(() => undefined)));
      const box = el.getBoundingClientRect();
      const size = (e: Element) => parseFloat(getComputedStyle(e).fontSize);
      return { text: el.textContent!, ticket: size(el), name: size(nameLine), left: box.left, right: box.right };
    });
    expect(text).not.toContain('•');
    expect(ticket).toBe(name);
    if (page === phone) {
      expect(left).toBeGreaterThanOrEqual(0);
      expect(right).toBeLessThanOrEqual(PHONE.width);
      await phone.screenshot({ path: info.outputPath('reveal-ticket-360.png') });
    }
    await endShow(page);
  }
  for (const page of [phone, tv]) {
    await expect(page.getByRole('heading', { name: 'Parabéns!' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Fechar' }).click();
  }

  // The organiser invalidates the 1st place, with a reason the room must never read.
  await organiserSkipped;
  const list = manage.getByRole('list', { name: 'Vencedores' });
  await list.getByRole('listitem').first().getByRole('button', { name: 'Invalidar' }).click();
  const dialog = manage.getByRole('dialog', { name: 'Invalidar Vencedor' });
  await dialog.getByLabel('Motivo (opcional)').fill('Não compareceu');
  await dialog.getByRole('button', { name: 'Confirmar Invalidação' }).click();
  await expect(list.getByText('1º Lugar: aguardando suplente ou novo sorteio')).toBeVisible();

  await phone.getByRole('tab', { name: 'Vencedores' }).click();
  const phoneList = phone.getByRole('list', { name: 'Vencedores' });
  await expect(phoneList.getByRole('listitem').first()).toHaveText('1º Lugar: aguardando suplente ou novo sorteio');
  await expect(phoneList.getByRole('listitem').nth(1)).toContainText('2º Lugar');
  await expect(phoneList).not.toContainText('Não compareceu');
  await phone.screenshot({ path: info.outputPath('gap-360.png'), fullPage: true });
  const tvList = tv.getByRole('list', { name: 'Vencedores' });
  await expect(tvList.getByRole('listitem').first()).toHaveText('1º Lugar: aguardando suplente ou novo sorteio');
  await expect(tvList).not.toContainText('Não compareceu');
  await tv.screenshot({ path: info.outputPath('gap-tv.png') });
  // A screen held upright keeps the whole line: it wraps, never cut.
  await tv.setViewportSize(PHONE);
  const gap = tvList.getByRole('listitem').first();
  expect(await gap.evaluate((li) => li.scrollWidth <= li.clientWidth)).toBe(true);
  await tv.screenshot({ path: info.outputPath('gap-tv-360.png') });
  await close();
  await context.close();
});

test('a round abandoned by the organiser is told to the viewers, with the verification link', async ({ browser }, info) => {
  // A 3 s countdown, the 2 s grace (DRAW_ABANDON_GRACE) and four pages on a loaded machine: up to
  // 90 s at load 25, where a tab takes 15 s to open.
  test.setTimeout(150_000);
  const { context: laptop, seed, email } = await organiser(browser, 'anulada');
  const raffle = await seed.createRaffle({ title: 'Rifa anulada', winners: 1, countdown: 3 });
  await seed.addPeople(raffle.id, ['Ana', 'Bia', 'Caio']);
  const { phone, tv, close } = await viewers(browser, raffle.code, true);

  // The room saw the round start before its device was lost: the phone's clock paused, so its 3 s
  // countdown is on screen however late the test looks, then caught up with the machine's.
  await pauseSoon(phone);
  const other = await abandonLostRound(browser, { laptop, email }, raffle.id, PHONE, async () => {
    await expect(phone.getByRole('dialog', { name: 'Sorteio ao vivo' }).getByRole('timer')).toBeVisible();
    await catchUp(phone);
  });

  for (const page of [phone, tv]) {
    await expect(page.getByText('Rodada anulada pelo organizador')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'Ver na página de verificação' })).toHaveAttribute('href', `/sorteio/${raffle.code}/verificar`);
  }
  await phone.screenshot({ path: info.outputPath('abandoned-360.png') });
  await tv.screenshot({ path: info.outputPath('abandoned-tv.png') });
  await phone.getByRole('link', { name: 'Ver na página de verificação' }).click();
  await expect(phone).toHaveURL(new RegExp(`/sorteio/${raffle.code}/verificar$`));
  await close();
  await other.close();
});
