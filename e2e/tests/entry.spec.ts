import { expect, test, type Page } from '@playwright/test';
import { createAccount, uniqueEmail } from './helpers';
import { SeedClient } from './seed';

// Typing names as a fast organiser does: 30 ms a key, Enter, and straight on to the next name,
// without waiting for anything. Every name must be stored exactly, also on a slow phone (CPU 4×).

const NAMES = [
  'Ana Paula Souza',
  'Bruno Oliveira',
  'Carla Mendes',
  'Davi Lima',
  'Elisa Rocha',
  'Fábio Nunes',
  'Gabriela Dias',
  'Heitor Alves',
  'Isabela Costa',
  'João Pedro',
  'Karina Melo',
  'Lucas Ferreira',
  'Marina Teixeira',
  'Nícolas Prado',
  'Olívia Barros',
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
    // 210 keys at 30 ms, on a CPU slowed 4×: about a minute alone, two on a loaded machine.
    test.setTimeout(300_000);
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
  test.setTimeout(300_000);
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

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true });
};

test('ticket numbers: a taken one is refused next to the field; an empty one and another ticket get the next', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  await createAccount(context.request, uniqueEmail('bilhete'), 'segredo1');
  const { id } = await new SeedClient(context.request).createRaffle({ title: 'Rifa numerada', type: 'tickets' });
  const page = await context.newPage();
  await page.goto(`/gerenciar/${id}`);
  const name = page.getByLabel('Nome', { exact: true });
  const number = page.getByLabel('Bilhete (opcional)');
  await name.fill('Ana Souza');
  await number.fill('001');
  await name.press('Enter');
  const list = page.getByRole('list', { name: 'Participantes' });
  await expect(list.getByRole('listitem')).toHaveCount(1);

  await name.fill('Bruno Lima');
  await number.fill('001');
  await name.press('Enter');
  await expect(page.getByText('Já existe o bilhete 001 neste sorteio.')).toBeVisible();
  await expect(name).toHaveValue('Bruno Lima');
  await shot(page, 'ticket-taken');
  await number.fill('');
  await name.press('Enter');
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await list.getByRole('listitem').filter({ hasText: 'Ana Souza' }).getByRole('button', { name: 'Adicionar bilhete para Ana Souza' }).click();
  await expect(page.getByText('Bilhete 003 adicionado')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').filter({ hasText: 'Ana Souza' })).toContainText('2 bilhetes');
  await shot(page, 'ticket-added');
  await expect
    .poll(async () => {
      const snap = await (await context.request.get(`/api/sync/raffles/${id}/snapshot`)).json();
      return snap.participants.map((p: { name: string; ticket_number: string }) => `${p.name}:${p.ticket_number}`).sort();
    })
    .toEqual(['Ana Souza:001', 'Ana Souza:003', 'Bruno Lima:002']);
  await context.close();
});

test('a push the server refuses whole: the sync bar says so, the change is kept and goes once accepted', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  await createAccount(context.request, uniqueEmail('recusa'), 'segredo1');
  const { id } = await new SeedClient(context.request).createRaffle({ title: 'Rifa recusada', type: 'simple' });
  const page = await context.newPage();
  await page.goto(`/gerenciar/${id}`);
  const bar = page.getByRole('region', { name: 'Sincronização' });
  await expect(bar).toContainText('Tudo sincronizado');
  // A proxy in front of the server that refuses every push (as a body limit would).
  await page.route('**/api/sync/push', (route) =>
    route.fulfill({ status: 413, contentType: 'application/json', body: JSON.stringify({ code: 'body_too_large', message: 'O corpo da requisição é grande demais.' }) }),
  );
  await page.getByLabel('Nome', { exact: true }).fill('Ana Souza');
  await page.getByLabel('Nome', { exact: true }).press('Enter');
  await expect(bar).toContainText('Alterações recusadas pelo servidor');
  await expect(bar).toContainText('O corpo da requisição é grande demais. As alterações continuam guardadas neste aparelho.');
  await expect(bar).toContainText('1 alteração pendente');
  await shot(page, 'push-refused');
  await page.unroute('**/api/sync/push');
  await page.getByLabel('Nome', { exact: true }).fill('Bruno Lima');
  await page.getByLabel('Nome', { exact: true }).press('Enter');
  await expect(bar).toContainText('Tudo sincronizado');
  await expect(bar).not.toContainText('Alterações recusadas');
  const snap = await (await context.request.get(`/api/sync/raffles/${id}/snapshot`)).json();
  expect(snap.participants.map((p: { name: string }) => p.name).sort()).toEqual(['Ana Souza', 'Bruno Lima']);
  await context.close();
});
