import { expect, test } from '@playwright/test';
import { createAccount, uniqueEmail, confirmStart } from './helpers';
import { endShow, pauseSoon, runToResult, runUntil } from './page-clock';
import { SeedClient, uuidv7 } from './seed';

// Names as long as a name may be (200 characters), with and without spaces, where they are shown
// largest: the live show's reveal on a phone and on the big screen, the big screen on a phone, and
// the organiser's list.

const UNBROKEN = 'W'.repeat(200);
const WORDS = 'Palavras longas '.repeat(13).trim().slice(0, 200);

async function raffleWithLongNames(browser: import('@playwright/test').Browser, countdown = 0) {
  const context = await browser.newContext();
  await createAccount(context.request, uniqueEmail('long'), 'segredo1');
  const seed = new SeedClient(context.request);
  const raffle = await seed.createRaffle({ title: 'Rifa de nomes compridos', winners: 2, countdown });
  const tickets = [UNBROKEN, WORDS].map((name, i) => {
    const id = uuidv7();
    return { id, group_id: id, name, email: null, ticket_number: String(i + 1).padStart(3, '0') };
  });
  await seed.push([{ raffleId: raffle.id, type: 'participants.add', payload: { tickets } }]);
  return { context, raffle };
}

for (const screen of [
  { name: 'a phone', viewport: { width: 360, height: 740 }, path: '' },
  { name: 'the big screen', viewport: { width: 1280, height: 720 }, path: '/telao' },
]) {
  test(`on ${screen.name} the reveal keeps its label and the winners so far in view, whatever the names' length`, async ({ browser }) => {
    // Three pages and a draw: more than the default 30 s on a loaded machine (about 50 s at load 20).
    test.setTimeout(90_000);
    const { context: laptop, raffle } = await raffleWithLongNames(browser);
    const viewer = await browser.newContext({ viewport: screen.viewport });
    const page = await viewer.newPage();
    // The show runs on the page's clock, paused before the draw and run by the test up to the
    // moment measured: the shuffle cannot end while it is measured, however loaded the machine.
    // Paused as the draw starts.
    await page.clock.install();
    await page.goto(`/sorteio/${raffle.code}${screen.path}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Rifa de nomes compridos' })).toBeVisible();
    await expect(page.getByText('Ao vivo')).toBeVisible();

    const manage = await laptop.newPage();
    await manage.goto(`/gerenciar/${raffle.id}`);
    await manage.getByRole('tab', { name: 'Sorteio' }).click();
    await pauseSoon(page);
    await confirmStart(manage);

    // The second position's shuffle, under the first winner (a name of 200 characters either way).
    const show = page.getByRole('dialog', { name: 'Sorteio ao vivo' });
    const revealed = show.getByRole('list', { name: 'Vencedores revelados' }).getByRole('listitem');
    const shuffling = show.getByText('Sorteando...', { exact: true });
    // The first place shuffles 3000 ms and holds 2000; the second shuffles 3000: run 250 ms a step.
    await runToResult(page, raffle.code, 2_000);
    await runUntil(page, "the second place's shuffle", async () => (await revealed.count()) === 1 && (await shuffling.isVisible()));
    await expect(shuffling).toBeInViewport({ ratio: 1 });
    await expect(revealed.first()).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: test.info().outputPath(`reveal-${screen.viewport.width}.png`) });
    // The shuffling headline (hidden from screen readers while it flickers), a long name, takes two
    // lines at most: found by what it is, not by the class that clamps it.
    const lines = await page.evaluate(() => {
      const p = document.querySelector('p[dir="auto"][aria-hidden="true"]');
      const lineHeight = p ? parseFloat(getComputedStyle(p).lineHeight) : NaN;
      if (!p || (p.textContent ?? '').length < 100 || !Number.isFinite(lineHeight)) return null;
      return Math.round(p.getBoundingClientRect().height / lineHeight);
    });
    expect(lines).not.toBeNull();
    expect(lines).toBeLessThanOrEqual(2);
    await endShow(page);
    await expect(show.getByRole('heading', { name: 'Parabéns!' })).toBeInViewport({ timeout: 20_000 });
    await page.screenshot({ path: test.info().outputPath(`parabens-${screen.viewport.width}.png`) });
    if (screen.path === '/telao') {
      // The room reads each winner's ticket, labelled, once the show closes.
      await show.getByRole('button', { name: 'Fechar' }).click();
      const winners = page.getByRole('list', { name: 'Vencedores' }).getByRole('listitem');
      await expect(winners).toHaveCount(2);
      await expect(winners.first()).toContainText(/Bilhete 00[12]/);
      // Beside a 200-character name too, in full and on the screen: two such names at the winners'
      // size (5.5 % of the height, docs/public-live.md) are taller than a 720 px screen, so the list
      // scrolls, never cuts; each ticket is whole once scrolled to.
      for (const winner of await winners.all()) {
        const ticket = winner.getByText(/^00[12]$/);
        await ticket.scrollIntoViewIfNeeded();
        await expect(ticket).toBeInViewport({ ratio: 1 });
      }
      await page.screenshot({ path: test.info().outputPath('telao-winners.png') });
    }
    await laptop.close();
    await viewer.close();
  });
}

test('the big screen on a phone: the title on whole lines, the code and QR code below, nothing wider than the screen', async ({ browser }) => {
  const { context: laptop, raffle } = await raffleWithLongNames(browser);
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await page.goto(`/sorteio/${raffle.code}/telao`);
  const title = page.getByRole('heading', { level: 1, name: 'Rifa de nomes compridos' });
  await expect(title).toBeVisible();
  // One letter a line when the code's column took the width: the title was a few dozen pixels wide.
  expect((await title.boundingBox())!.width).toBeGreaterThan(250);
  const code = page.getByLabel(`Código ${raffle.code}`);
  await code.scrollIntoViewIfNeeded();
  const box = (await code.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('telao-360.png'), fullPage: true });
  await laptop.close();
  await phone.close();
});

test("a 200-character name without spaces wraps in the organiser's list: the page does not scroll sideways", async ({ browser }) => {
  const { context, raffle } = await raffleWithLongNames(browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/gerenciar/${raffle.id}`);
  await expect(page.getByText(UNBROKEN)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
