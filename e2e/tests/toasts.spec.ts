import { expect, test } from '@playwright/test';
import { organiser, uniqueEmail } from './helpers';
import { pauseSoon } from './page-clock';
import { box, expectUncovered, frontToast, overlaps, settledToast, toastOf } from './toast-boxes';

// Where toasts appear, on a phone and on a laptop: never over the header ('Sair') nor over the sync
// bar, and never over the quick draw's winner. On phones 360 to 390 px wide, never over what the user
// works with next: the quick draw's field and buttons, the organiser's 'Iniciar Sorteio'. Screenshots
// go to the test's output.

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 900 },
];

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
    const toast = await settledToast(page);
    await page.screenshot({ path: info.outputPath(`toast-${size.name}.png`) });

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

// Phones 360 to 390 px wide: an iPhone 12 to 15, a common Android, and a short one.
const PHONES = [SIZES[0]!, { name: 'small phone', width: 360, height: 740 }, { name: 'short phone', width: 360, height: 640 }];

for (const size of PHONES) {
  test(`${size.name}: each 'Participante adicionado!' leaves the name field, 'Adicionar' and 'Sortear' free`, async ({ page }, info) => {
    // Each toast is measured with the page's clock paused, so its 4 s cannot run out first on a slow
    // machine; the clock runs again for the next name.
    await page.clock.install();
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/sorteio-publico');
    const name = page.getByLabel('Nome do participante');
    const targets = { 'the name field': name, Adicionar: page.getByRole('button', { name: 'Adicionar' }), Sortear: page.getByRole('button', { name: 'Sortear' }) };
    // Eight names fill the list to its full height: 'Sortear' then stands as low as it goes.
    for (let n = 1; n <= 8; n++) {
      await page.clock.resume();
      await name.fill(`Pessoa ${n}`);
      await name.press('Enter');
      await expect(frontToast(page).getByText(`Pessoa ${n} foi adicionado ao sorteio.`)).toBeVisible();
      await pauseSoon(page);
      await expectUncovered(await settledToast(page), targets);
    }
    await page.screenshot({ path: info.outputPath(`quick-draw-toast-${size.name}.png`) });
  });

  test(`${size.name}: a toast from the participants tab leaves 'Iniciar Sorteio' free`, async ({ browser }, info) => {
    const { context, seed } = await organiser(browser, 'toast');
    const raffle = await seed.createRaffle({ title: 'Rifa do celular', type: 'simple' });
    await seed.addPeople(raffle.id, ['Ana Prado', 'Bia Reis']);
    const page = await context.newPage();
    // Paused once the toast is up, as above: it stays while the draw tab opens, however slowly.
    await page.clock.install();
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(`/gerenciar/${raffle.id}`);
    await expect(page.getByRole('list', { name: 'Participantes' }).getByRole('listitem')).toHaveCount(2);
    // The last person in, then straight to the draw: the toast is still up when the button shows.
    await page.getByLabel('Nome', { exact: true }).fill('Caio Luz');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await expect(frontToast(page).getByText('Participante adicionado')).toBeVisible();
    await pauseSoon(page);
    await page.getByRole('tab', { name: 'Sorteio' }).click();
    const start = page.getByRole('button', { name: 'Iniciar Sorteio' });
    await expect(start).toBeEnabled();
    await expectUncovered(await settledToast(page), { 'Iniciar Sorteio': start });
    await page.screenshot({ path: info.outputPath(`manage-toast-${size.name}.png`) });
    await context.close();
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
