import { expect, test } from '@playwright/test';
import { createAccount, uniqueEmail } from '../tests/helpers';
import { SeedClient, uuidv7 } from '../tests/seed';

// A big screen opened on a code before the raffle reached the server: from the organiser's push
// (its first sync) to the raffle's title on the screen. Budget: 2 s. The page records when the
// title appears (a MutationObserver, on the page's clock, the same machine's as this process's).
// Prints one line per run: BENCH {pushToShownMs}.

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

for (let run = 1; run <= RUNS; run++) {
  test(`a waiting big screen shows the raffle after its first sync, run ${run}`, async ({ browser }) => {
    const context = await browser.newContext();
    await createAccount(context.request, uniqueEmail('bench'), 'segredo1');
    const seed = new SeedClient(context.request);
    const code = Array.from({ length: 6 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('');
    const tv = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    await tv.goto(`/sorteio/${code}/telao`);
    await expect(tv.getByRole('heading', { name: `Aguardando o sorteio ${code}…` })).toBeVisible();
    const title = `Rifa medida ${run}`;
    await tv.evaluate((title) => {
      const w = window as unknown as { shownAt?: number };
      new MutationObserver((_, observer) => {
        if ([...document.querySelectorAll('h1')].some((h) => h.textContent === title)) {
          w.shownAt = performance.timeOrigin + performance.now();
          observer.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, title);
    const id = uuidv7();
    const pushedAt = Date.now();
    await seed.push([
      {
        raffleId: id,
        type: 'raffle.create',
        payload: {
          id,
          code,
          title,
          description: '',
          type: 'tickets',
          winners_count: 1,
          countdown_seconds: 0,
          allow_duplicate_wins: false,
          created_at: Date.now(),
        },
      },
    ]);
    await expect(tv.getByRole('heading', { name: title })).toBeVisible({ timeout: 10_000 });
    const shownAt = await tv.evaluate(() => (window as unknown as { shownAt: number }).shownAt);
    const pushToShownMs = Math.round(shownAt - pushedAt);
    console.log(`BENCH ${JSON.stringify({ pushToShownMs })}`);
    expect(pushToShownMs).toBeLessThan(2000);
    await context.close();
    await tv.context().close();
  });
}
