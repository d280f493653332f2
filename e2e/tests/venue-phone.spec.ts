import { expect, test, type Browser, type Page } from '@playwright/test';
import { confirmStart, organiser, skipReveal } from './helpers';
import { pauseSoon } from './page-clock';
import { box, frontToast, overlaps, settledToast } from './toast-boxes';

// What the venue saw on phones, at 360 × 740: a finished raffle's participants tab, the removal
// dialog's tickets, a toast clear of the field being typed in (in settings and right after creating
// a raffle); and a device that has not pulled a raffle yet, slow or offline, is never sent away.

const PHONE = { width: 360, height: 740 };

async function phonePage(browser: Browser): Promise<{ page: Page; seed: Awaited<ReturnType<typeof organiser>>['seed']; email: string; close(): Promise<void> }> {
  const { context, seed, email } = await organiser(browser, 'phone');
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  return { page, seed, email, close: () => context.close() };
}

test('a finished raffle says Sorteio finalizado, with no form', async ({ browser }, info) => {
  const { page, seed, close } = await phonePage(browser);
  const raffle = await seed.createRaffle({ title: 'Rifa encerrada', winners: 1 });
  await seed.addPeople(raffle.id, ['Ana Souza', 'Bruno Lima']);
  await page.goto(`/gerenciar/${raffle.id}`);
  await page.getByRole('tab', { name: 'Sorteio' }).click();
  await confirmStart(page);
  await skipReveal(page);
  await expect(page.getByText('Sorteio concluído')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('tab', { name: 'Participantes' }).click();
  await expect(page.getByRole('heading', { name: 'Sorteio finalizado' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Adicionar participante' })).toHaveCount(0);
  await expect(page.getByLabel('Nome', { exact: true })).toHaveCount(0);
  await expect(page.getByText('O sorteio já começou: não é mais possível adicionar participantes.')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('finished-360.png') });
  await close();
});

test('the removal dialog names the ticket, in the singular', async ({ browser }, info) => {
  const { page, seed, close } = await phonePage(browser);
  const raffle = await seed.createRaffle({ title: 'Rifa da rua', winners: 1 });
  await seed.addPeople(raffle.id, ['Maria José da Silva', 'Bruno Lima']);
  await page.goto(`/gerenciar/${raffle.id}`);
  await page.getByRole('button', { name: 'Remover Maria José da Silva e seus 1 bilhete(s)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remover participante?' });
  await expect(dialog).toContainText('Maria José da Silva e o bilhete 001 sairão do sorteio.');
  await page.screenshot({ path: info.outputPath('remove-360.png') });
  await close();
});

test('a toast in settings stays clear of the field being typed in and its error', async ({ browser }, info) => {
  const { page, seed, close } = await phonePage(browser);
  const raffle = await seed.createRaffle({ title: 'Rifa das mães', winners: 1 });
  await page.goto(`/gerenciar/${raffle.id}`);
  await page.getByRole('tab', { name: 'Configurações' }).click();
  const title = page.getByLabel('Título');
  await title.fill('Rifa do dia das mães');
  // Leaving the title saves it; the organiser goes on in the next field.
  await page.keyboard.press('Tab');
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Sorteio atualizado' });
  await expect(toast).toBeVisible();
  const focused = page.locator(':focus');
  const [t, f] = [await toast.boundingBox(), await focused.boundingBox()];
  expect(t && f && (t.y + t.height <= f.y || f.y + f.height <= t.y), `toast ${JSON.stringify(t)} over the field ${JSON.stringify(f)}`).toBe(true);
  await page.screenshot({ path: info.outputPath('settings-toast-360.png') });
  await close();
});

test('right after creation the toast moves off the first field typed in', async ({ browser }, info) => {
  const { page, close } = await phonePage(browser);
  // Paused once the toast is up: its 4 s cannot run out on a slow machine before it is measured.
  await page.clock.install();
  await page.goto('/criar-sorteio');
  await page.getByLabel('Título').fill('Rifa da quermesse');
  // The phone keyboard's Go key.
  await page.getByLabel('Título').press('Enter');
  // The manage screen first: React's Suspense waits on the page's clock.
  await expect(page.getByRole('heading', { name: 'Rifa da quermesse', level: 1 })).toBeVisible();
  await expect(frontToast(page).getByText('Sorteio criado!')).toBeVisible();
  await pauseSoon(page);
  // The toast's lane was picked as the create screen left, before this screen had a field in
  // focus. Scrolling on, the organiser taps the name field where it shows beside the toast.
  const toast = await settledToast(page);
  const name = page.getByLabel('Nome', { exact: true });
  const top = toast.y < PHONE.height / 2;
  const field = await box(name);
  const want = top ? toast.y + toast.height - field.height / 2 : toast.y - field.height / 2;
  await page.evaluate((dy) => window.scrollBy(0, dy), field.y - want);
  const under = await box(name);
  expect(overlaps(toast, under), `the name field ${JSON.stringify(under)} half under the toast ${JSON.stringify(toast)}`).toBe(true);
  await name.click({ position: { x: 20, y: top ? under.height - 6 : 6 } });
  await expect(name).toBeFocused();
  await expect.poll(async () => overlaps(await settledToast(page), await box(name)), { message: 'the toast over the name field' }).toBe(false);
  await page.screenshot({ path: info.outputPath('created-toast-360.png') });
  await close();
});

/** A second device of the same account, synced once, before the raffle exists. */
async function secondDevice(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  expect((await context.request.post('/api/auth/signin', { data: { email, password: 'segredo1' } })).status()).toBe(200);
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Sincronização' })).toContainText('Tudo sincronizado');
  return page;
}

test('offline, a raffle not pulled yet waits for the connection instead of leaving', async ({ browser }, info) => {
  test.setTimeout(60_000);
  const { seed, email, close } = await phonePage(browser);
  const device = await secondDevice(browser, email);
  await device.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
  await device.context().setOffline(true);
  const raffle = await seed.createRaffle({ title: 'Rifa chegando', winners: 1 });
  await device.goto(`/gerenciar/${raffle.id}`);
  await expect(device.getByRole('heading', { name: 'Este sorteio ainda não está neste aparelho' })).toBeVisible();
  await device.screenshot({ path: info.outputPath('not-here-yet-360.png') });
  await device.context().setOffline(false);
  await expect(device.getByRole('heading', { name: 'Rifa chegando', level: 1 })).toBeVisible({ timeout: 20_000 });
  expect(new URL(device.url()).pathname).toBe(`/gerenciar/${raffle.id}`);
  await device.context().close();
  await close();
});

/**
 * Takes this browser's sync lock ('sorteio-sync', pwa/src/sync/tabs.ts) from a plain page of the
 * app's origin and holds it: no tab of the context can run the sync engine, so none pulls, until
 * release(). A busy machine's engine, late to start its first pull, with nothing in flight
 * meanwhile (a request held in a route is in flight: the old screen's timer waited for it).
 * engineWaiting resolves once a tab's engine has started and waits for the lock (its 'hello').
 */
async function holdSyncLock(page: Page): Promise<{ engineWaiting: Promise<void>; release(): Promise<void> }> {
  await page.goto('/healthz');
  await page.evaluate(
    () =>
      new Promise<void>((held) => {
        const w = window as unknown as { releaseSync: () => void; engineWaiting: Promise<void> };
        const channel = new BroadcastChannel('sorteio-sync');
        w.engineWaiting = new Promise((started) => {
          channel.onmessage = (event: MessageEvent<{ kind: string }>) => {
            if (event.data.kind === 'hello') started();
          };
        });
        void navigator.locks.request(
          'sorteio-sync',
          () =>
            new Promise<void>((release) => {
              w.releaseSync = release;
              held();
            }),
        );
      }),
  );
  return {
    engineWaiting: page.evaluate(() => (window as unknown as { engineWaiting: Promise<void> }).engineWaiting),
    release: () => page.evaluate(() => (window as unknown as { releaseSync: () => void }).releaseSync()),
  };
}

test('a slow pull does not send the organiser away from their raffle', async ({ browser }) => {
  test.setTimeout(60_000);
  const { seed, email, close } = await phonePage(browser);
  const device = await secondDevice(browser, email);
  // The dashboard leaves, so nothing on this device hears of the new raffle, and no pull can start.
  const lock = await holdSyncLock(device);
  const raffle = await seed.createRaffle({ title: 'Rifa demorada', winners: 1 });
  const manage = await device.context().newPage();
  await manage.clock.install();
  await manage.goto(`/gerenciar/${raffle.id}`);
  await lock.engineWaiting;
  await expect(manage.getByText('Carregando...')).toBeVisible();
  // Far past any grace timer, with no pull running: the old screen gave up on its 1.5 s timer here.
  await manage.clock.runFor(5_000);
  expect(new URL(manage.url()).pathname).toBe(`/gerenciar/${raffle.id}`);
  await lock.release();
  await expect(manage.getByRole('heading', { name: 'Rifa demorada', level: 1 })).toBeVisible({ timeout: 30_000 });
  expect(new URL(manage.url()).pathname).toBe(`/gerenciar/${raffle.id}`);
  await device.context().close();
  await close();
});
