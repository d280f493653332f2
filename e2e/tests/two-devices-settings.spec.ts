import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { organiser } from './helpers';

// Two browsers of one account: minutes of work on a busy machine, not seconds.
test.describe.configure({ timeout: 90_000 });

// A settings field saves only what the person typed. One that merely had focus when another
// device's change arrived writes nothing back; the change is shown under it with the choice of
// keeping either value (docs/sync-protocol.md, "Client rules").

const syncBar = (page: Page) => page.getByRole('region', { name: 'Sincronização' });

async function twoPhones(browser: Browser, prefix: string) {
  const { context: one, seed, email } = await organiser(browser, prefix);
  const two: BrowserContext = await browser.newContext();
  await two.request.post('/api/auth/signin', { data: { email, password: 'segredo1' } });
  return { one, two, seed };
}

async function openSettings(page: Page, id: string, title: string) {
  await page.goto(`/gerenciar/${id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
  await page.getByRole('tab', { name: 'Configurações' }).click();
}

/** Saves a field by typing into it and leaving it, and waits until the push is done. */
async function saveField(page: Page, label: string, value: string) {
  await page.getByLabel(label).fill(value);
  await page.getByLabel(label).blur();
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
}

test('a field that only had focus writes nothing back when the other phone changes it', async ({ browser }) => {
  const { one, two, seed } = await twoPhones(browser, 'settings-focus');
  const raffle = await seed.createRaffle({ title: 'Bingo' });
  const a = await one.newPage();
  const b = await two.newPage();
  await openSettings(a, raffle.id, 'Bingo');
  await openSettings(b, raffle.id, 'Bingo');

  await a.getByLabel('Título').focus();
  await saveField(b, 'Título', 'Bingo 2026');
  await saveField(b, 'Número de vencedores', '3');
  // A shows the new value and says where it came from, while its field still has focus.
  await expect(a.getByLabel('Título')).toHaveValue('Bingo 2026');
  await expect(a.getByText('Alterado em outro aparelho para “Bingo 2026”.')).toBeVisible();
  await expect(a.getByLabel('Título')).toBeFocused();
  await a.keyboard.press('Tab');
  // The next fields hold the stored values, not stale ones (the winners may arrive after the title:
  // waited for, or it would come while that field has focus, with a notice of its own).
  await expect(a.getByLabel('Número de vencedores')).toHaveValue('3');
  await a.getByLabel('Número de vencedores').focus();
  await expect(a.getByLabel('Número de vencedores')).toHaveValue('3');
  await a.getByLabel('Número de vencedores').blur();
  // A change A does make reaches B after anything A might have written before it.
  await saveField(a, 'Descrição', 'Prêmios na festa');
  await expect(b.getByLabel('Descrição')).toHaveValue('Prêmios na festa');
  await expect(b.getByLabel('Título')).toHaveValue('Bingo 2026');
  await expect(b.getByLabel('Número de vencedores')).toHaveValue('3');
  await expect(b.getByText(/foi alterado em outro aparelho/)).toHaveCount(0);

  await a.getByRole('button', { name: 'Ficar com “Bingo 2026”' }).click();
  await expect(a.getByText(/Alterado em outro aparelho/)).toHaveCount(0);
  await a.reload();
  await expect(a.getByRole('heading', { name: 'Bingo 2026' })).toBeVisible();
  await one.close();
  await two.close();
});

test('what was typed while the other phone changed the field is kept, and saved only when chosen', async ({ browser }) => {
  const { one, two, seed } = await twoPhones(browser, 'settings-typed');
  const raffle = await seed.createRaffle({ title: 'Bingo' });
  const a = await one.newPage();
  const b = await two.newPage();
  await openSettings(a, raffle.id, 'Bingo');
  await openSettings(b, raffle.id, 'Bingo');

  await a.getByLabel('Título').fill('Bingo da escola');
  await saveField(b, 'Título', 'Bingo 2026');
  await expect(a.getByText('Alterado em outro aparelho para “Bingo 2026”.')).toBeVisible();
  await expect(a.getByLabel('Título')).toHaveValue('Bingo da escola');
  await a.getByRole('button', { name: 'Ficar com “Bingo da escola”' }).click();
  await expect(syncBar(a)).toContainText('Tudo sincronizado');
  await expect(a.getByText(/Alterado em outro aparelho/)).toHaveCount(0);
  // B's value was replaced by a later push: B is told, as for any overwritten setting.
  await expect(b.getByLabel('Título')).toHaveValue('Bingo da escola');
  await expect(b.getByText('O título foi alterado em outro aparelho para “Bingo da escola”.')).toBeVisible();
  await one.close();
  await two.close();
});
