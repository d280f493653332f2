import { expect, test, type Page } from '@playwright/test';
import { confirmStart, organiser } from '../tests/helpers';

// The room's reveal in step: the organiser's draw tab, a phone and a big screen (three browser
// contexts on this machine) watch one draw; each page records, on its own clock (the machine's),
// when each place's winner lands ('1º Lugar' takes the reveal's heading). Budget: the screens show
// a place within 150 ms of each other. Prints one line per run:
// BENCH {revealApartMs, perPlaceMs: [...]}.

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PLACES = ['1º Lugar', '2º Lugar', '3º Lugar'];

async function watch(page: Page) {
  await page.evaluate((labels) => {
    const w = window as unknown as { landed?: Record<string, number> };
    w.landed = {};
    new MutationObserver(() => {
      for (const p of document.querySelectorAll('[role=dialog] p')) {
        const text = p.textContent ?? '';
        if (labels.includes(text) && w.landed![text] === undefined) w.landed![text] = performance.timeOrigin + performance.now();
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, PLACES);
}

for (let run = 1; run <= RUNS; run++) {
  test(`organiser, phone and big screen reveal each place together, run ${run}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, seed } = await organiser(browser, 'bench');
    const raffle = await seed.createRaffle({ title: `Rifa medida ${run}`, winners: 3, countdown: 3 });
    await seed.addPeople(raffle.id, ['Ana', 'Bia', 'Caio', 'Duda', 'Edu', 'Fabi']);
    const phone = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await phone.goto(`/sorteio/${raffle.code}`);
    const tv = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    await tv.goto(`/sorteio/${raffle.code}/telao`);
    for (const page of [phone, tv]) await expect(page.getByText('Ao vivo')).toBeVisible();
    const manage = await context.newPage();
    await manage.goto(`/gerenciar/${raffle.id}`);
    await manage.getByRole('tab', { name: 'Sorteio' }).click();
    const room = [manage, phone, tv];
    for (const page of room) await watch(page);
    await confirmStart(manage);
    for (const page of room) {
      await expect(page.getByRole('dialog', { name: 'Sorteio ao vivo' }).getByRole('heading', { name: 'Parabéns!' })).toBeVisible({ timeout: 60_000 });
    }
    const landed = await Promise.all(room.map((page) => page.evaluate(() => (window as unknown as { landed: Record<string, number> }).landed)));
    const perPlaceMs = PLACES.map((label) => {
      const times = landed.map((l) => l[label]!);
      return Math.round(Math.max(...times) - Math.min(...times));
    });
    const revealApartMs = Math.max(...perPlaceMs);
    console.log(`BENCH ${JSON.stringify({ revealApartMs, perPlaceMs })}`);
    await Promise.all([context.close(), phone.context().close(), tv.context().close()]);
  });
}
