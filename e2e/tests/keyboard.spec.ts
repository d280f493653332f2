import { expect, test, type Locator, type Page } from '@playwright/test';
import { organiser } from './helpers';

// Keyboard use: after each navigation focus is on the new screen's heading (and the tab says which
// screen it is), Tab meets the create form's buttons in the order they are seen, and the focus ring
// is a solid ring, not a pale halo.

/** The focused element's text, or a description of it when it has none. */
const focusedText = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el && el !== document.body ? `${el.tagName.toLowerCase()}: ${(el.textContent ?? '').trim()}` : 'body';
  });

async function expectHeadingFocused(page: Page, heading: string, title: string) {
  const h1 = page.getByRole('heading', { level: 1, name: heading });
  await expect(h1).toBeFocused();
  await expect(page).toHaveTitle(title);
  // Focused for screen readers and the next Tab, with no ring drawn for a mouse user.
  expect(await h1.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');
}

test('each navigation puts focus on the new screen heading and names the tab after it', async ({ browser }) => {
  const { context, seed } = await organiser(browser, 'teclado');
  const raffle = await seed.createRaffle({ title: 'Rifa do teclado' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveTitle('Sorteios online simples e justos · Sorteio');

  await page.getByRole('link', { name: 'Sortear Agora' }).click();
  await expectHeadingFocused(page, 'Sorteio Rápido', 'Sorteio Rápido · Sorteio');
  // The next Tab starts from the heading: the first control after it, not the top of the page.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Nome do participante')).toBeFocused();

  await page.goto('/dashboard');
  await expect(page).toHaveTitle('Meus Sorteios · Sorteio');
  await page.getByRole('link', { name: 'Novo Sorteio' }).click();
  await expectHeadingFocused(page, 'Criar Novo Sorteio', 'Criar Novo Sorteio · Sorteio');
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await expectHeadingFocused(page, 'Meus Sorteios', 'Meus Sorteios · Sorteio');
  // Keyboard only: Enter on a card's link; the screen's heading (the raffle's title, read from the
  // local database after a placeholder) ends up focused.
  await page.getByRole('link', { name: 'Gerenciar Rifa do teclado' }).focus();
  await page.keyboard.press('Enter');
  await expectHeadingFocused(page, 'Rifa do teclado', 'Rifa do teclado · Sorteio');

  const visitor = await browser.newContext();
  const view = await visitor.newPage();
  await view.goto(`/sorteio/${raffle.code}`);
  await expect(view).toHaveTitle('Rifa do teclado · Sorteio');
  await view.getByRole('link', { name: 'Verificar sorteio' }).click();
  await expectHeadingFocused(view, 'Verificar sorteio', `Verificar sorteio ${raffle.code} · Sorteio`);
  await view.goto(`/sorteio/${raffle.code}/telao`);
  await expect(view).toHaveTitle('Rifa do teclado · Modo telão · Sorteio');
  await view.getByRole('link', { name: 'Sair do modo telão' }).click();
  await expectHeadingFocused(view, 'Rifa do teclado', 'Rifa do teclado · Sorteio');
  await view.goto('/caminho/que-nao-existe');
  await expect(view).toHaveTitle('Página não encontrada · Sorteio');
  await visitor.close();
  await context.close();
});

test('the sign-in screen opened from the landing page: focus on its heading, the tab named after the tab chosen', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Entrar' }).click();
  await expectHeadingFocused(page, 'Acesse sua conta', 'Entrar · Sorteio');
  await page.getByRole('tab', { name: 'Criar Conta' }).click();
  await expect(page).toHaveTitle('Criar Conta · Sorteio');
});

test('on a phone the create form shows Criar Sorteio above Cancelar, and Tab reaches it first', async ({ browser }) => {
  const { context } = await organiser(browser, 'teclado');
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/criar-sorteio');
  const create = page.getByRole('button', { name: 'Criar Sorteio' });
  const cancel = page.getByRole('link', { name: 'Cancelar' });
  const [a, b] = [await create.boundingBox(), await cancel.boundingBox()];
  expect(a!.y).toBeLessThan(b!.y);

  // From the last field, Tab goes to the button seen next, then to the one under it.
  await page.getByRole('switch').focus();
  await page.keyboard.press('Tab');
  await expect(create).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(cancel).toBeFocused();
  await context.close();
});

/** The focus ring's style, width and colour, as drawn around a control reached with Tab. */
const ring = (control: Locator) =>
  control.evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor };
  });

test('the focus ring is a solid, dark ring on buttons, links, fields and tabs', async ({ page }) => {
  await page.goto('/auth');
  // The screen's code loads after the page: Tab only once it is there.
  await expect(page.getByRole('heading', { level: 1, name: 'Acesse sua conta' })).toBeVisible();
  const controls = [page.getByRole('link', { name: 'Voltar para início' }), page.getByRole('tab', { name: 'Entrar' }), page.getByLabel('E-mail'), page.getByRole('button', { name: 'Entrar', exact: true })];
  for (const control of controls) {
    // Tab until the control has focus (each is reached in a few steps on this screen).
    for (let i = 0; i < 12 && !(await control.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(control, await focusedText(page)).toBeFocused();
    // brand-800 (#5b21b6): about 8:1 against the white and near-white surfaces. Polled: buttons'
    // colour transition carries the outline's colour too.
    await expect.poll(() => ring(control)).toEqual({ style: 'solid', width: 3, color: 'rgb(91, 33, 182)' });
  }
});

test('after a confirmed removal focus goes to the next person\'s remove button, or the one before the last, then the search box', async ({ browser }) => {
  const { context, seed } = await organiser(browser, 'foco');
  const raffle = await seed.createRaffle({ title: 'Rifa do foco', type: 'simple' });
  await seed.addPeople(raffle.id, ['Ana Prado', 'Bia Reis', 'Caio Luz']);
  const page = await context.newPage();
  await page.goto(`/gerenciar/${raffle.id}`);
  const list = page.getByRole('list', { name: 'Participantes' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  const order = (await list.getByRole('listitem').allTextContents()).map((t) => ['Ana Prado', 'Bia Reis', 'Caio Luz'].find((n) => t.includes(n))!);

  /** Opens the dialog from the keyboard and confirms it there, as a keyboard user does. */
  async function removeWithKeyboard(name: string) {
    await page.getByRole('button', { name: `Remover ${name}` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Remover participante?' });
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(list.getByText(name)).toHaveCount(0);
  }

  // The first of three: the row that takes its place.
  await removeWithKeyboard(order[0]!);
  await expect(page.getByRole('button', { name: `Remover ${order[1]}` })).toBeFocused();
  // The last of two: the row before it.
  await removeWithKeyboard(order[2]!);
  await expect(page.getByRole('button', { name: `Remover ${order[1]}` })).toBeFocused();
  // The only one: the search box.
  await removeWithKeyboard(order[1]!);
  await expect(page.getByRole('searchbox')).toBeFocused();
  await context.close();
});
