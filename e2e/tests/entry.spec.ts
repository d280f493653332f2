import { expect, test, type Page } from '@playwright/test';
import { createAccount, uniqueEmail } from './helpers';
import { SeedClient } from './seed';

// Typing names as a fast organiser does: 30 ms a key, Enter, and straight on to the next name,
// without waiting for anything. Every name must be stored exactly, also on a slow phone (CPU 4×).

const NAMES = [
  'Ana Paula Souza', 'Bruno Oliveira', 'Carla Mendes', 'Davi Lima', 'Elisa Rocha', 'Fábio Nunes',
  'Gabriela Dias', 'Heitor Alves', 'Isabela Costa', 'João Pedro', 'Karina Melo', 'Lucas Ferreira',
  'Marina Teixeira', 'Nícolas Prado', 'Olívia Barros',
];

async function typeNames(page: Page, field: string) {
  await page.getByLabel(field, { exact: true }).click();
  for (const name of NAMES) {
    await page.keyboard.type(name, { delay: 30 });
    await page.keyboard.press('Enter');
  }
}

async function throttle(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

for (const rate of [1, 4]) {
  test(`15 names typed at 30 ms a key are all stored exactly (CPU ${rate}×)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext();
    await createAccount(context.request, uniqueEmail('entry'), 'segredo1');
    const { id } = await new SeedClient(context.request).createRaffle({ title: 'Rifa digitada', type: 'simple' });
    const page = await context.newPage();
    await page.goto(`/gerenciar/${id}`);
    await expect(page.getByRole('heading', { name: 'Rifa digitada' })).toBeVisible();
    await throttle(page, rate);
    await typeNames(page, 'Nome');
    await throttle(page, 1);
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Nome', { exact: true })).toBeFocused();
    const list = page.getByRole('list', { name: 'Participantes' });
    await expect(list.getByRole('listitem')).toHaveCount(NAMES.length);
    await expect
      .poll(async () => {
        const snap = await (await context.request.get(`/api/sync/raffles/${id}/snapshot`)).json();
        return snap.participants.map((p: { name: string }) => p.name).sort();
      })
      .toEqual([...NAMES].sort());
    await context.close();
  });
}

test('the quick draw keeps every name typed at 30 ms a key (CPU 4×)', async ({ page }) => {
  await page.goto('/sorteio-publico');
  await expect(page.getByRole('heading', { name: 'Sorteio Rápido' })).toBeVisible();
  await throttle(page, 4);
  await typeNames(page, 'Nome do participante');
  await throttle(page, 1);
  const list = page.getByRole('list', { name: 'Participantes' });
  await expect(list.getByRole('listitem')).toHaveCount(NAMES.length);
  // Each row: its place in the list, then the name; 'Remover {name}' names its button.
  for (const [i, name] of NAMES.entries()) {
    await expect(list.getByRole('listitem').nth(i).getByRole('button')).toHaveAccessibleName(`Remover ${name}`);
  }
});
