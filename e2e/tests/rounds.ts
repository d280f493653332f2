import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { confirmStart } from './helpers';
import { pauseSoon, runUntil } from './page-clock';

/** The raffle's 'Sorteio' tab on a new page of `context` (at `viewport` when given). */
export async function drawTab(context: BrowserContext, raffleId: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(`/gerenciar/${raffleId}`);
  await page.getByRole('tab', { name: 'Sorteio' }).click();
  return page;
}

/**
 * A round stuck for good, then abandoned: started on `laptop`, which closes once the server has the
 * round (its seed gone with it; `started` runs before, while the round counts down). The laptop's
 * page runs on Playwright's clock, paused as the round starts and run only until the server has the
 * round, so its countdown cannot end, and the laptop draw, however slow the machine. Abandoned
 * by the same organiser signed in on a second device, once the countdown and the server's grace
 * (DRAW_ABANDON_GRACE) are over. Returns that device.
 */
export async function abandonLostRound(
  browser: Browser,
  organiser: { laptop: BrowserContext; email: string },
  raffleId: string,
  viewport: { width: number; height: number },
  started: () => Promise<void> = async () => {},
): Promise<BrowserContext> {
  const { laptop, email } = organiser;
  const start = await laptop.newPage();
  await start.clock.install();
  await start.setViewportSize(viewport);
  await start.goto(`/gerenciar/${raffleId}`);
  await start.getByRole('tab', { name: 'Sorteio' }).click();
  await pauseSoon(start);
  await confirmStart(start);
  const rounds = async () => (await (await laptop.request.get(`/api/sync/raffles/${raffleId}/snapshot`)).json()).draws.length;
  await runUntil(start, 'the round on the server', async () => (await rounds()) === 1);
  await started();
  await laptop.close();

  const other = await browser.newContext();
  expect((await other.request.post('/api/auth/signin', { data: { email, password: 'segredo1' } })).status()).toBe(200);
  const page = await drawTab(other, raffleId, viewport);
  const abandon = page.getByRole('button', { name: 'Abandonar rodada' });
  await expect(abandon).toBeVisible({ timeout: 15_000 });
  await abandon.click();
  await page.getByRole('dialog', { name: 'Abandonar rodada' }).getByRole('button', { name: 'Abandonar rodada' }).click();
  return other;
}
