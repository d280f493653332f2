import { expect, test } from '@playwright/test';
import { confirmStart, organiser, skipReveal } from './helpers';
import { drawTab } from './rounds';

// Read from 5 metres: on a 1920×1080 big screen each winner's name and prize is at least 5 % of the
// screen's height (54 px) for up to five places, and no name is cut.

test('the big screen shows up to five winners and their prizes at 5 % of its height, uncut', async ({ browser }, info) => {
  test.setTimeout(90_000);
  const { context, seed } = await organiser(browser, 'telao');
  const raffle = await seed.createRaffle({
    title: 'Rifa da quermesse',
    winners: 3,
    countdown: 0,
    prizes: [
      { position: 1, name: 'Bicicleta aro 29' },
      { position: 2, name: 'Cesta de São João' },
    ],
  });
  await seed.addPeople(raffle.id, ['Maria Aparecida dos Santos Oliveira', 'Bruno Lima', 'Carla Dias', 'Davi Reis']);
  const manage = await drawTab(context, raffle.id);
  await confirmStart(manage);
  await skipReveal(manage);

  const tv = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  await tv.goto(`/sorteio/${raffle.code}/telao`);
  const names = tv.locator('[data-big="name"]');
  await expect(names).toHaveCount(3);
  const sizes = await tv
    .locator('[data-big="name"], [data-big="place"]')
    .evaluateAll((els) => els.map((el) => ({ text: el.textContent, px: parseFloat(getComputedStyle(el).fontSize), cut: el.scrollWidth > el.clientWidth + 1 })));
  info.annotations.push({ type: 'font sizes (px)', description: sizes.map((s) => `${s.text}: ${s.px}`).join('; ') });
  expect(sizes).toHaveLength(6);
  for (const s of sizes) {
    expect(s.px, s.text ?? '').toBeGreaterThanOrEqual(54);
    expect(s.cut, s.text ?? '').toBe(false);
  }
  await expect(tv.getByText('1º prêmio · Bicicleta aro 29')).toBeVisible();
  await tv.screenshot({ path: info.outputPath('telao-1920-winners.png') });
  await Promise.all([context.close(), tv.context().close()]);
});
