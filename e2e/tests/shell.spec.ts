import { expect, test, type Page } from '@playwright/test';
import { organiser } from './helpers';

test('the landing page is in pt-BR with both cards and the three blurbs', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('link', { name: 'Sortear Agora' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Consultar Sorteio' })).toBeVisible();
  for (const blurb of ['Com ou sem bilhetes', 'Tempo real', 'Totalmente seguro']) {
    await expect(page.getByText(blurb, { exact: true })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Sortear Agora' }).click();
  await expect(page).toHaveURL(/\/sorteio-publico$/);
});

test('an unknown path shows the 404 screen and logs the path', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (msg) => logged.push(msg.text()));
  await page.goto('/caminho/que-nao-existe');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByText('Página não encontrada')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home Voltar ao início' })).toBeVisible();
  expect(logged.some((line) => line.includes('/caminho/que-nao-existe'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('after one visit the app opens with the network off', async ({ page, context }) => {
  await page.goto('/');
  // The service worker takes control of this page once it has precached the shell.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sortear Agora' })).toBeVisible();

  // A client route that was never visited also opens offline (navigation fallback).
  await page.goto('/sorteio-publico');
  await expect(page.getByRole('link', { name: /voltar/i }).first()).toBeVisible();
  await context.setOffline(false);
});

test('the manifest makes the app installable', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  const manifest = await res.json();
  expect(manifest.lang).toBe('pt-BR');
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('/');
  const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
  expect(sizes).toContain('192x192');
  expect(sizes).toContain('512x512');
  expect(manifest.icons.some((i: { purpose?: string }) => i.purpose?.includes('maskable'))).toBe(true);
  for (const icon of manifest.icons) {
    const img = await request.get('/' + icon.src.replace(/^\//, ''));
    expect(img.headers()['content-type']).toBe('image/png');
  }
});

test('Chromium finds nothing that keeps the app from being installed', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Test browser contexts are incognito, where Chromium never offers installs; any other error
  // (manifest, icons, service worker, start_url) is the app's.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
});

/** Records, from the page's first script on, what the app put on screen first and when. */
async function recordFirstScreen(page: Page) {
  await page.addInitScript(() => {
    const seen: { what: string; at: number }[] = [];
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new MutationObserver(() => {
      const note = (what: string) => {
        if (!seen.some((s) => s.what === what)) seen.push({ what, at: performance.now() });
      };
      // The router's, the session's and the public page's spinners (the dashboard's own
      // 'Carregando sorteios...', beside its heading, is not one).
      const spinners = [...document.querySelectorAll('[role="status"] > span')].map((s) => s.textContent);
      if (spinners.some((text) => ['Carregando...', 'Verificando sua sessão...', 'Carregando sorteio...'].includes(text ?? ''))) note('spinner');
      if (document.querySelector('h1')) note('heading');
    }).observe(document, { childList: true, subtree: true });
  });
}

const seenFirst = (page: Page) => page.evaluate(() => (window as unknown as { __seen: { what: string; at: number }[] }).__seen);

/**
 * Holds a screen's code until the answer that screen is shown with has come in full. Which of the
 * two the server sends first is the machine's doing; what is tested is what the app then shows.
 */
async function holdCodeUntilAnswered(page: Page, code: RegExp, answer: (url: string) => boolean) {
  let answered!: () => void;
  const arrived = new Promise<void>((resolve) => (answered = resolve));
  page.on('requestfinished', (request) => {
    if (answer(request.url())) answered();
  });
  await page.route(code, async (route) => {
    await arrived;
    await route.continue();
  });
}

/**
 * The heading first. The router's spinner is the app's answer to a screen's code still out a second
 * after the entry ran (app/router.ts), so on a machine that slow it may come first, and only then.
 */
function expectHeadingFirst(seen: { what: string; at: number }[]) {
  const spinner = seen.find((s) => s.what === 'spinner');
  if (spinner) expect(spinner.at).toBeGreaterThanOrEqual(1000);
  expect(seen.filter((s) => s.what !== 'spinner').map((s) => s.what)).toEqual(['heading']);
}

test('a signed-in screen paints itself first: no spinner before it, and sync starts after it', async ({ browser }) => {
  const { context } = await organiser(browser, 'first-screen');
  const page = await context.newPage();
  await recordFirstScreen(page);
  await holdCodeUntilAnswered(page, /\/assets\/DashboardPage-[\w-]+\.js$/, (url) => new URL(url).pathname.startsWith('/api/auth/'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Meus Sorteios' })).toBeVisible();
  // A new device shows this only after its first sync: the engine has run by then.
  await expect(page.getByText('Nenhum sorteio ainda')).toBeVisible();
  const seen = await seenFirst(page);
  const engineAsked = await page.evaluate(() => performance.getEntriesByType('resource').find((e) => /\/assets\/engine-[\w-]+\.js$/.test(e.name))?.startTime);
  expectHeadingFirst(seen);
  expect(engineAsked).toBeGreaterThan(seen.find((s) => s.what === 'heading')!.at);
  await context.close();
});

test('a public page opened from its link shows the raffle first, from one request sent with the page', async ({ browser }) => {
  const { context, seed } = await organiser(browser, 'first-public');
  const raffle = await seed.createRaffle({ title: 'Rifa da quermesse', type: 'simple' });
  const viewer = await browser.newContext();
  const page = await viewer.newPage();
  await recordFirstScreen(page);
  await holdCodeUntilAnswered(page, /\/assets\/PublicRafflePage-[\w-]+\.js$/, (url) => new URL(url).pathname === `/api/public/raffles/${raffle.code}`);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/public/raffles/')) asked.push(new URL(request.url()).pathname);
  });
  const response = await page.goto(`/sorteio/${raffle.code.toLowerCase()}`);
  // The server names the state beside the page's scripts, so it downloads while they do.
  expect(response?.headers().link).toContain(`</api/public/raffles/${raffle.code}>; rel=preload; as=fetch; crossorigin`);
  // ... after index.html's own files, which the first paint needs (on HTTP/1.1's six connections
  // whatever is named first goes first) ...
  const links = (response?.headers().link ?? '').split(', ');
  const html = (await response?.text()) ?? '';
  const own = links.filter((link) => html.includes(link.slice(1, link.indexOf('>'))));
  expect(own.length).toBeGreaterThanOrEqual(2); // the entry script and the stylesheet
  expect(links.slice(0, own.length)).toEqual(own);
  // ... and the screen's code is a few files: what the screens share comes as one, the kit (the
  // shared modules were 14 files of their own before it).
  const screen = links.filter((link) => link.includes('rel=modulepreload') && !own.includes(link));
  expect(screen.some((link) => /\/assets\/kit-[\w-]+\.js/.test(link))).toBe(true);
  expect(screen.length).toBeLessThanOrEqual(4);
  await expect(page.getByRole('heading', { name: 'Rifa da quermesse' })).toBeVisible();
  expectHeadingFirst(await seenFirst(page));
  expect(asked.filter((path) => path === `/api/public/raffles/${raffle.code}`)).toHaveLength(1);
  await viewer.close();
  await context.close();
});
