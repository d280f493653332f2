import { expect, test, type Page } from '@playwright/test';
import { createAccount, organiser, uniqueEmail } from './helpers';

// The sync engine against the real server: offline work survives reloads, reaches the server when
// the network returns, and shows up on the account's other devices without a reload.

async function createRaffle(page: Page, title: string) {
  await page
    .getByRole('link', { name: /Novo Sorteio|Criar Primeiro Sorteio/ })
    .first()
    .click();
  await page.getByLabel('Título').fill(title);
  await page.getByRole('button', { name: 'Criar Sorteio' }).click();
  await expect(page).toHaveURL(/\/gerenciar\//);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
}

async function addParticipant(page: Page, name: string) {
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Adicionar participante' }).click();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('');
}

const syncBar = (page: Page) => page.getByRole('region', { name: 'Sincronização' });

test('offline changes survive a reload, reach the server and another device', async ({ browser }) => {
  const email = uniqueEmail('venue');
  const phone = await browser.newContext();
  const laptop = await browser.newContext();
  await createAccount(phone.request, email, 'segredo1');
  await laptop.request.post('/api/auth/signin', { data: { email, password: 'segredo1' } });
  const a = await phone.newPage();
  const b = await laptop.newPage();
  await a.goto('/dashboard');
  await b.goto('/dashboard');
  await expect(syncBar(a)).toContainText('Tudo sincronizado');
  await a.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });

  await phone.setOffline(true);
  await createRaffle(a, 'Rifa do quermesse');
  await addParticipant(a, 'Ana');
  await addParticipant(a, 'Bia');
  await expect(syncBar(a)).toContainText('Offline');
  await expect(syncBar(a)).toContainText('3 alterações pendentes');

  await a.reload(); // still offline: the service worker and IndexedDB bring everything back
  await expect(a.getByRole('heading', { name: 'Rifa do quermesse' })).toBeVisible();
  await expect(a.getByText('Ana', { exact: true })).toBeVisible();
  await expect(a.getByText('Bia', { exact: true })).toBeVisible();
  await expect(syncBar(a)).toContainText('3 alterações pendentes');

  await phone.setOffline(false);
  // Within 2 seconds the server has all three changes.
  await expect
    .poll(
      async () => {
        const feed = await laptop.request.get('/api/sync/raffles');
        const body = await feed.json();
        return body.raffles.find((r: { title: string }) => r.title === 'Rifa do quermesse')?.head_seq ?? 0;
      },
      { timeout: 2_000, intervals: [100] },
    )
    .toBe(3);
  await expect(syncBar(a)).toContainText('Tudo sincronizado');
  // The laptop shows it without a reload.
  await expect(b.getByRole('heading', { name: 'Rifa do quermesse' })).toBeVisible();
  await phone.close();
  await laptop.close();
});

test('two devices change different settings of one raffle at once and converge', async ({ browser }) => {
  const email = uniqueEmail('duo');
  const one = await browser.newContext();
  const two = await browser.newContext();
  await createAccount(one.request, email, 'segredo1');
  await two.request.post('/api/auth/signin', { data: { email, password: 'segredo1' } });
  const a = await one.newPage();
  const b = await two.newPage();
  await a.goto('/dashboard');
  await createRaffle(a, 'Bingo da escola');
  const url = a.url();
  await expect(syncBar(a)).toContainText('Tudo sincronizado');
  await b.goto(url);
  await expect(b.getByRole('heading', { name: 'Bingo da escola' })).toBeVisible();

  for (const p of [a, b]) await p.getByRole('tab', { name: 'Configurações' }).click();
  await a.getByLabel('Título').fill('Bingo da escola 2026');
  await b.getByLabel('Número de vencedores').fill('3');
  await Promise.all([a.getByLabel('Título').blur(), b.getByLabel('Número de vencedores').blur()]);

  for (const p of [a, b]) {
    await expect(p.getByRole('heading', { name: 'Bingo da escola 2026' })).toBeVisible();
    await expect(p.getByLabel('Número de vencedores')).toHaveValue('3');
    await expect(syncBar(p)).toContainText('Tudo sincronizado');
  }
  await one.close();
  await two.close();
});

test('a new phone whose first sync cannot reach the server says so, and a retry brings the raffles', async ({ browser }) => {
  const { context, seed } = await organiser(browser, 'retry');
  await seed.createRaffle({ title: 'Rifa da quermesse' });
  const page = await context.newPage();
  await page.setViewportSize({ width: 360, height: 740 });
  // The sync requests fail as at a venue without signal; the screen's own code still loads.
  // The signal comes back at the press of 'Tentar novamente' itself (its pointerdown, before
  // the click's handler asks): restored any earlier, the engine's own retry (1 s, then 2 s...)
  // may bring the raffles first and take the button away under the click.
  let signal = false;
  await page.exposeFunction('retryPressed', () => {
    signal = true;
  });
  await page.addInitScript(() => {
    document.addEventListener(
      'pointerdown',
      (event) => {
        const button = (event.target as Element | null)?.closest?.('button');
        if (button?.textContent?.includes('Tentar novamente')) (window as unknown as { retryPressed: () => void }).retryPressed();
      },
      true,
    );
  });
  await page.route('**/api/sync/**', (route) => (signal ? route.fallback() : route.abort('internetdisconnected')));
  await page.goto('/dashboard');
  const alert = page.getByRole('alert').filter({ hasText: 'Não foi possível baixar seus sorteios' });
  await expect(alert).toContainText('Este aparelho está sem conexão.');
  await expect(page.getByText('Nenhum sorteio ainda')).toHaveCount(0);
  await expect(page.getByText('Carregando sorteios...')).toHaveCount(0);

  await alert.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('heading', { name: 'Rifa da quermesse' })).toBeVisible();
  await expect(alert).toHaveCount(0);
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
  await context.close();
});

test("a new device opening a raffle's link asks for its snapshot once, before the engine's code has loaded", async ({ browser }) => {
  const { context: laptop, seed, email } = await organiser(browser, 'link');
  const { id } = await seed.createRaffle({ title: 'Rifa do link' });
  await seed.addPeople(id, ['Ana Souza', 'Bruno Lima', 'Carla Dias'], 2);
  const phone = await browser.newContext();
  await phone.request.post('/api/auth/signin', { data: { email, password: 'segredo1' } });
  const page = await phone.newPage();
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('/snapshot') || /\/assets\/engine-[^/]+\.js$/.test(path)) asked.push(path.endsWith('/snapshot') ? 'snapshot' : 'engine');
  });
  await page.goto(`/gerenciar/${id}`);
  await expect(page.getByRole('heading', { name: 'Rifa do link' })).toBeVisible();
  await expect(page.getByText('Carla Dias')).toBeVisible();
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
  // Started by the entry's first module; the engine took its answer over instead of asking again.
  expect(asked).toEqual(['snapshot', 'engine']);

  // Once the browser holds the database, the next visit leaves the snapshot to the engine, which
  // has the raffle already.
  asked.length = 0;
  await page.reload();
  await expect(page.getByText('Carla Dias')).toBeVisible();
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
  expect(asked.filter((a) => a === 'snapshot')).toEqual([]);
  await laptop.close();
  await phone.close();
});

test('a new device registers the service worker once its first sync has ended, not beside it', async ({ browser }) => {
  const { context, seed } = await organiser(browser, 'worker');
  await seed.createRaffle({ title: 'Rifa do aparelho novo' });
  const page = await context.newPage();
  // The first sync is held: its requests wait until released.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/sync/**', async (route) => {
    await held;
    await route.fallback();
  });
  // Every call of register() is counted, whatever comes of it.
  await page.addInitScript(() => {
    const sw = navigator.serviceWorker;
    const register = sw.register.bind(sw);
    (window as unknown as { registerCalls: number }).registerCalls = 0;
    sw.register = (...args: Parameters<typeof register>) => {
      (window as unknown as { registerCalls: number }).registerCalls++;
      return register(...args);
    };
  });
  const registerCalls = () => page.evaluate(() => (window as unknown as { registerCalls: number }).registerCalls);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Meus Sorteios' })).toBeVisible();
  // The plugin's default registers at the app's first render; by the page's load and two frames
  // after it, it would have.
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await registerCalls()).toBe(0);

  release();
  await expect(page.getByRole('region', { name: 'Sincronização' })).toContainText('Tudo sincronizado');
  await expect(page.getByText('Rifa do aparelho novo')).toBeVisible();
  await expect.poll(registerCalls).toBe(1);
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined)).toBe(true);
  await context.close();
});
