import { expect, test, type Locator, type Page } from '@playwright/test';
import { organiser, confirmStart } from './helpers';

// Keyboard use: after each navigation focus is on the new screen's heading (and the tab says which
// screen it is), Tab meets the create form's buttons in the order they are seen, and the focus ring
// is a solid ring, not a pale halo, that stands out from the surface it is drawn on, dark ones too.

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

test('leaving the 404 page, signing out, and the account and quick draw screens: focus on the heading each time', async ({ browser }) => {
  const { context } = await organiser(browser, 'teclado');
  const page = await context.newPage();
  await page.goto('/caminho/que-nao-existe');
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await page.getByRole('link', { name: /Return to Home/ }).click();
  await expectHeadingFocused(page, 'Sorteios online simples e justos', 'Sorteios online simples e justos · Sorteio');
  // Back to the unknown path: the router draws the 404 page again, this time as a navigation.
  await page.goBack();
  await expectHeadingFocused(page, '404', 'Página não encontrada · Sorteio');

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Minha conta' }).click();
  await expectHeadingFocused(page, 'Minha conta', 'Minha conta · Sorteio');
  await page.getByRole('link', { name: 'Voltar para Meus Sorteios' }).click();
  await expectHeadingFocused(page, 'Meus Sorteios', 'Meus Sorteios · Sorteio');
  // 'Sair' goes to the landing page (the spec), whose heading then has focus.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectHeadingFocused(page, 'Sorteios online simples e justos', 'Sorteios online simples e justos · Sorteio');

  await page.getByRole('link', { name: 'Sortear Agora' }).click();
  await expectHeadingFocused(page, 'Sorteio Rápido', 'Sorteio Rápido · Sorteio');
  await page.getByRole('link', { name: 'Voltar para início' }).click();
  await expectHeadingFocused(page, 'Sorteios online simples e justos', 'Sorteios online simples e justos · Sorteio');
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

/** Tabs until the control has focus (each is reached in a few steps on the screens below). */
async function tabTo(page: Page, control: Locator) {
  for (let i = 0; i < 16 && !(await control.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(control, await focusedText(page)).toBeFocused();
}

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
  const controls = [
    page.getByRole('link', { name: 'Voltar para início' }),
    page.getByRole('tab', { name: 'Entrar' }),
    page.getByLabel('E-mail'),
    page.getByRole('button', { name: 'Entrar', exact: true }),
  ];
  for (const control of controls) {
    await tabTo(page, control);
    // brand-800 (#5b21b6): about 8:1 against the white and near-white surfaces. Polled: buttons'
    // colour transition carries the outline's colour too.
    await expect.poll(() => ring(control)).toEqual({ style: 'solid', width: 3, color: 'rgb(91, 33, 182)' });
  }
});

/**
 * The ring drawn around `ringed` (the focused control, or the card that draws it for its control):
 * style, width, and its worst contrast with the surface under it, which is the backgrounds of the
 * element's ancestors laid one over the other (every stop of a gradient counts). Colours go through
 * a canvas pixel, so any CSS colour (Tailwind's oklch ones too) is compared as sRGB.
 */
const ringContrast = (ringed: Locator) =>
  ringed.evaluate((el) => {
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const over = (base: number[], colour: string) => {
      ctx.fillStyle = `rgb(${base.join(' ')})`;
      ctx.fillRect(0, 0, 1, 1);
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 1, 1);
      return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
    };
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const ancestors: Element[] = [];
    for (let a = el.parentElement; a; a = a.parentElement) ancestors.unshift(a);
    let surfaces = [[255, 255, 255]]; // the browser's canvas
    for (const a of ancestors) {
      const s = getComputedStyle(a);
      const stops = s.backgroundImage.match(/\b(?:rgba?|hsla?|oklch|oklab|lab|lch|color)\([^)]*\)/g) ?? [];
      surfaces = surfaces.map((base) => over(base, s.backgroundColor));
      if (stops.length > 0) surfaces = surfaces.flatMap((base) => stops.map((stop) => over(base, stop)));
    }
    const s = getComputedStyle(el);
    const ratios = surfaces.map((surface) => {
      const [a, b] = [luminance(over(surface, s.outlineColor)), luminance(surface)];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), contrast: Math.min(...ratios) };
  });

/** WCAG 2.2 focus appearance: a solid ring at least 2 px wide, at least 3:1 against its surface. */
async function expectClearRing(ringed: Locator, what: string) {
  // A colour transition carries the outline's colour too, through values that may pass on their
  // way to one that does not: measure once the element's transitions have ended.
  await ringed.evaluate((el) => Promise.allSettled(el.getAnimations().map((a) => a.finished)));
  const ring = await ringContrast(ringed);
  expect(ring.style, what).toBe('solid');
  expect(ring.width, what).toBeGreaterThanOrEqual(2);
  expect(ring.contrast, what).toBeGreaterThanOrEqual(3);
}

test("on the dark surfaces (the landing page's private card, the big screen and its live show) the ring still stands out", async ({ browser }) => {
  test.setTimeout(60_000);
  const { context, seed } = await organiser(browser, 'teclado');
  const raffle = await seed.createRaffle({ title: 'Rifa do telão', winners: 1 });
  await seed.addPeople(raffle.id, ['Ana Prado', 'Bia Reis']);
  const visitor = await browser.newContext();
  const page = await visitor.newPage();

  await page.goto('/');
  const createAccount = page.getByRole('link', { name: 'Criar Conta' });
  await tabTo(page, createAccount);
  // The link's white ring on the violet card, and the card's own ring on the pale page.
  await expectClearRing(createAccount, 'Criar Conta');
  await expectClearRing(page.getByRole('heading', { name: 'Sorteio Privado' }).locator('..'), 'the Sorteio Privado card');

  await page.goto(`/sorteio/${raffle.code}/telao`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rifa do telão' })).toBeVisible();
  for (const control of [page.getByRole('button', { name: 'Tela cheia' }), page.getByRole('link', { name: 'Sair do modo telão' })]) {
    await tabTo(page, control);
    await expectClearRing(control, (await control.textContent())!);
  }
  // The organiser draws; the show ends on 'Parabéns!' with its button on a violet-to-black screen.
  const manage = await context.newPage();
  await manage.goto(`/gerenciar/${raffle.id}`);
  await manage.getByRole('tab', { name: 'Sorteio' }).click();
  await confirmStart(manage);
  const show = page.getByRole('dialog', { name: 'Sorteio ao vivo' });
  await expect(show.getByRole('heading', { name: 'Parabéns!' })).toBeVisible({ timeout: 20_000 });
  // 'Fechar' takes focus as it appears; leaving it and coming back with the keyboard draws the
  // keyboard's ring whatever the browser makes of that first focus.
  const close = show.getByRole('button', { name: 'Fechar' });
  await expect(close).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await tabTo(page, close);
  await expectClearRing(close, 'Fechar');
  await visitor.close();
  await context.close();
});

test('the ring stands out on the switch, the raffle type cards and the search box', async ({ browser }) => {
  const { context, seed } = await organiser(browser, 'teclado');
  const raffle = await seed.createRaffle({ title: 'Rifa da busca', type: 'simple' });
  await seed.addPeople(raffle.id, ['Ana Prado']);
  const page = await context.newPage();
  await page.goto('/criar-sorteio');
  await expect(page.getByRole('heading', { level: 1, name: 'Criar Novo Sorteio' })).toBeVisible();
  // Native radios: Tab reaches the checked one, an arrow key the other; the card draws the ring
  // (the chosen one is pale violet, the other white).
  const [simple, tickets] = [page.getByRole('radio', { name: 'Simples' }), page.getByRole('radio', { name: 'Com Bilhetes' })];
  await tabTo(page, simple);
  await expectClearRing(simple.locator('..'), 'the Simples card');
  await page.keyboard.press('ArrowRight');
  await expect(tickets).toBeFocused();
  await expectClearRing(tickets.locator('..'), 'the Com Bilhetes card');
  const allowTwice = page.getByRole('switch', { name: 'Permitir que a mesma pessoa ganhe mais de uma vez' });
  await tabTo(page, allowTwice);
  await expectClearRing(allowTwice, 'the switch');

  await page.goto(`/gerenciar/${raffle.id}`);
  await expect(page.getByRole('list', { name: 'Participantes' }).getByRole('listitem')).toHaveCount(1);
  const search = page.getByRole('searchbox', { name: 'Buscar participantes' });
  await tabTo(page, search);
  await expectClearRing(search, 'the search box');
  await page.keyboard.type('Ana');
  await page.keyboard.press('Tab');
  const clear = page.getByRole('button', { name: 'Limpar busca' });
  await expect(clear).toBeFocused();
  await expectClearRing(clear, 'Limpar busca');
  await context.close();
});

test("after a confirmed removal focus goes to the next person's remove button, or the one before the last, then the search box", async ({ browser }) => {
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
