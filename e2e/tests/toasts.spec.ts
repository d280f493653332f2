import { expect, test, type Locator, type Page } from '@playwright/test';
import { organiser, uniqueEmail } from './helpers';

// Where toasts appear, on a phone and on a laptop: never over the header ('Sair') nor over the sync
// bar, and never over the quick draw's winner. Screenshots of both sizes go to the test's output.

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 900 },
];

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

const toastOf = (page: Page) => page.locator('[data-sonner-toast]');


/**
 * Pauses the page's clock a moment from now. The moment is read from the page, and real time runs
 * on until the pause is asked for: on a loaded machine it may be past already, so read it again.
 */
async function pauseSoon(page: Page) {
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

for (const size of SIZES) {
  test(`${size.name}: a toast covers neither the header nor the sync bar`, async ({ browser }, info) => {
    const { context, seed } = await organiser(browser, 'toast');
    await seed.createRaffle({ title: 'Rifa que fica' });
    await seed.createRaffle({ title: 'Rifa que sai' });
    const page = await context.newPage();
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Meus Sorteios' })).toBeVisible();
    await page.getByRole('button', { name: 'Excluir sorteio Rifa que sai' }).click();
    await page.getByRole('dialog', { name: 'Excluir sorteio?' }).getByRole('button', { name: 'Excluir' }).click();
    await expect(toastOf(page).getByText('Sorteio excluído!')).toBeVisible();
    // Sonner slides the toast in: measure once it has settled.
    await expect(toastOf(page)).toHaveAttribute('data-mounted', 'true');
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: info.outputPath(`toast-${size.name}.png`) });

    const toast = await box(toastOf(page));
    const header = await box(page.getByRole('banner'));
    const signOut = await box(page.getByRole('button', { name: 'Sair' }));
    const syncBar = await box(page.getByRole('region', { name: 'Sincronização' }));
    expect(overlaps(toast, signOut)).toBe(false);
    expect(overlaps(toast, header)).toBe(false);
    expect(overlaps(toast, syncBar)).toBe(false);
    expect(toast.y + toast.height).toBeLessThanOrEqual(syncBar.y);
    expect(toast.y + toast.height).toBeLessThanOrEqual(size.height);
    await context.close();
  });

  test(`${size.name}: the quick draw's winner shows with no toast over it`, async ({ page }, info) => {
    // The page's clock is paused below and only moves when told to, so the toast's own 4 s cannot
    // run out by themselves on a slow machine.
    await page.clock.install();
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/sorteio-publico');
    const name = page.getByLabel('Nome do participante');
    for (const person of ['Ana', 'Bruno', 'Carla']) {
      await name.fill(person);
      await name.press('Enter');
    }
    await expect(toastOf(page).getByText('Carla foi adicionado ao sorteio.')).toBeVisible();
    await pauseSoon(page);
    await page.getByRole('button', { name: 'Sortear' }).click();
    await expect(page.getByRole('button', { name: 'Sorteando...' })).toBeVisible();
    // The 2 s animation: the toast, 4 s long, would still be up at the end had the start not cleared it.
    await page.clock.runFor(2_500);
    await expect(page.getByTestId('winner')).toBeVisible();
    await expect(toastOf(page)).toHaveCount(0);
    await page.screenshot({ path: info.outputPath(`quick-draw-${size.name}.png`) });
  });
}

test('an error toast is inserted into an assertive live region', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('E-mail').fill(uniqueEmail('ninguem'));
  await page.getByLabel('Senha').fill('senha-errada');
  // Records the region's politeness as each toast is inserted: what a screen reader goes by.
  await page.evaluate(() => {
    const region = document.querySelector('section[aria-label^="Notificações"]')!;
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        for (const node of r.addedNodes) {
          if (node instanceof HTMLElement && (node.matches('[data-sonner-toast]') || node.querySelector('[data-sonner-toast]'))) {
            seen.push(region.getAttribute('aria-live')!);
          }
        }
      }
    }).observe(region, { childList: true, subtree: true });
  });
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(toastOf(page).getByText('Erro ao fazer login')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['assertive']);
});
