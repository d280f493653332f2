import { expect, type Page } from '@playwright/test';

// The page's clock (Playwright's page.clock, installed before the page loads), paused and run by
// the test: what the page shows for a moment (a toast, the reveal's shuffle, a place just landed)
// stays on screen while the test measures it, however slow the machine.

/**
 * Pauses the page's clock a moment from now. The moment is read from the page, and real time runs
 * on until the pause is asked for: on a loaded machine it may be past already, so read it again.
 */
export async function pauseSoon(page: Page) {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 200);
      return;
    } catch (error) {
      if (attempt === 5 || !String(error).includes('fast-forward to the past')) throw error;
    }
  }
}

/**
 * Runs the page's paused clock `step` ms at a time until `reached` says the page shows the state
 * wanted, and leaves it paused there. `step` must be shorter than the state lasts: the page shows
 * each step's frame before the next (the show renders as its clock ticks).
 */
export async function runUntil(page: Page, what: string, reached: () => Promise<boolean>, step = 250, limit = 60_000) {
  for (let ran = 0; !(await reached()); ran += step) {
    if (ran >= limit) throw new Error(`${what}: not shown after ${limit} ms of the page's clock`);
    await page.clock.runFor(step);
  }
}

/**
 * Moves a viewer's paused clock to `ms` after the server recorded the raffle's result (read from its
 * public state, as the page reads it): the reveal starts then, or at the countdown's end if later,
 * so the page is at most `ms` into it. The page's and the server's clocks are the machine's.
 */
export async function runToResult(page: Page, code: string, ms: number) {
  let drawnAt = 0;
  await expect
    .poll(
      async () => {
        const state = (await (await page.request.get(`/api/public/raffles/${code}`)).json()) as { winners: { drawn_at: number }[] };
        drawnAt = Math.max(0, ...state.winners.map((w) => w.drawn_at));
        return state.winners.length;
      },
      { message: 'the result on the server', timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  // A jump, as after a phone's sleep: each of the page's timers fires once.
  const now = await page.evaluate(() => Date.now());
  if (drawnAt + ms > now) await page.clock.fastForward(drawnAt + ms - now);
}

/** Past the end of the show on screen (the longest here lasts 12 s), and on with the page's clock. */
export async function endShow(page: Page) {
  await page.clock.fastForward(30_000);
  await page.clock.resume();
}

/** The paused clock moved to the machine's time (each timer fires once), and on from there. */
export async function catchUp(page: Page) {
  const behind = Date.now() - (await page.evaluate(() => Date.now()));
  if (behind > 0) await page.clock.fastForward(behind);
  await page.clock.resume();
}
