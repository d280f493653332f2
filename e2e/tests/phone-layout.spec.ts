import { expect, test, type Locator, type Page } from '@playwright/test';
import { organiser, confirmStart, skipReveal } from './helpers';

// Layout checks. On a 360 × 740 phone, the smallest the app is laid out for, the organiser screens'
// fixed sync bar must never hide what the organiser is working with (WCAG 2.2 focus not obscured);
// wider, fields side by side line up.

const PHONE = { width: 360, height: 740 };

/** Whether the element is on screen and wholly above the sync bar. */
async function clearOfBar(page: Page, target: Locator): Promise<boolean> {
  const bar = await page.getByRole('region', { name: 'Sincronização' }).boundingBox();
  const box = await target.boundingBox();
  return bar !== null && box !== null && box.y >= 0 && box.y + box.height <= bar.y + 0.5;
}

test('every control reached with Tab on the manage screen is above the sync bar', async ({ browser }) => {
  const { context, seed } = await organiser(browser, 'phone');
  const raffle = await seed.createRaffle({ title: 'Rifa da festa junina', winners: 1 });
  await seed.addPeople(raffle.id, ['Ana Souza', 'Bruno Lima']);
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  await page.goto(`/gerenciar/${raffle.id}`);
  await expect(page.getByText('Ana Souza')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sincronização' })).toContainText('Tudo sincronizado');
  let checked = 0;
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const el = document.activeElement;
      const bar = document.querySelector('[aria-label="Sincronização"]');
      // The bar's own content is where it is.
      if (!el || el === document.body || !bar || bar.contains(el)) return null;
      const box = el.getBoundingClientRect();
      return { html: el.outerHTML.slice(0, 120), top: box.top, bottom: box.bottom, barTop: bar.getBoundingClientRect().top };
    });
    if (!where) continue;
    expect(where.top >= 0 && where.bottom <= where.barTop + 0.5, `Tab ${i + 1}: ${where.html} at ${where.top}–${where.bottom}, bar at ${where.barTop}`).toBe(true);
    checked++;
  }
  expect(checked).toBeGreaterThan(10);
  await context.close();
});

test('the countdown, then the winners, come into view on their own', async ({ browser }) => {
  const { context, seed } = await organiser(browser, 'phone');
  const raffle = await seed.createRaffle({ title: 'Rifa da festa junina', winners: 2, countdown: 3 });
  await seed.addPeople(raffle.id, ['Ana Souza', 'Bruno Lima', 'Carla Dias']);
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  await page.goto(`/gerenciar/${raffle.id}`);
  await page.getByRole('tab', { name: 'Sorteio' }).click();
  await confirmStart(page);
  const timer = page.getByRole('timer');
  await expect(timer).toBeVisible();
  await expect.poll(() => clearOfBar(page, timer)).toBe(true);
  const winners = page.getByRole('list', { name: 'Vencedores' }).getByRole('listitem');
  await skipReveal(page);
  await expect(winners).toHaveCount(2, { timeout: 20_000 });
  await expect.poll(() => clearOfBar(page, page.getByRole('heading', { name: 'Vencedores' }))).toBe(true);
  await page.screenshot({ path: test.info().outputPath('drawn-360.png') });
  await context.close();
});

test("side by side, the create form's number fields line up though one label wraps", async ({ browser }) => {
  const { context } = await organiser(browser, 'form');
  const page = await context.newPage();
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/criar-sorteio');
  const winners = page.getByLabel('Número de vencedores');
  const countdown = page.getByLabel('Contagem regressiva (segundos)');
  await expect(winners).toBeVisible();
  const [a, b] = [(await winners.boundingBox())!, (await countdown.boundingBox())!];
  expect(b.x).toBeGreaterThan(a.x + a.width); // side by side
  expect(Math.abs(a.y - b.y)).toBeLessThan(1);
  await context.close();
});

test("at 360 px every label fits: the manage tabs, the dashboard card's details, and the public page's raffle type on one line", async ({ browser }) => {
  const { context, seed } = await organiser(browser, 'fit');
  const raffle = await seed.createRaffle({ title: 'Rifa da festa junina', winners: 1, type: 'tickets' });
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  await page.goto(`/gerenciar/${raffle.id}`);
  const tabs = page.getByRole('tablist', { name: 'Gerenciar sorteio' }).getByRole('tab');
  await expect(tabs).toHaveCount(3);
  // No label wider than its tab (they ran into each other: 'ParticipantesConfigurações').
  for (const overflow of await tabs.evaluateAll((els) => els.map((el) => el.scrollWidth - el.clientWidth))) expect(overflow).toBeLessThanOrEqual(0);
  // The dashboard card's details share one row ('Vencedores' went to a second one beside 'Com Bilhetes').
  await page.goto('/dashboard');
  const details = page.getByRole('listitem').filter({ hasText: 'Rifa da festa junina' }).locator('dt');
  await expect(details).toHaveText(['Código', 'Tipo', 'Vencedores']);
  const tops = await details.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  await page.goto(`/sorteio/${raffle.code}`);
  const type = page.getByText('Com Bilhetes', { exact: true });
  await expect(type).toBeVisible();
  const lineHeight = await type.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await type.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
  await context.close();
});
