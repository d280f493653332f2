import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uniqueEmail } from './helpers';

// This test owns its server process, so it can kill it (SIGKILL, no clean shutdown) while a push
// is on the wire and start it again on the same database.
const port = Number(process.env.E2E_PORT ?? 18765) + 50;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'sorteio-crash-'));

function startServer(): Promise<ChildProcess> {
  const child = spawn('../bin/sorteio', [], {
    env: { ...process.env, ADDR: `127.0.0.1:${port}`, SQLITE_PATH: join(dataDir, 's.db'), RATE_LIMIT_SCALE: '100', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

test('the server is killed during a push and restarted: nothing lost, nothing doubled', async ({ browser }) => {
  let server = await startServer();
  const context = await browser.newContext({ baseURL: base });
  try {
    const page = await context.newPage();
    const email = uniqueEmail('crash');
    expect((await context.request.post('/api/auth/signup', { data: { email, password: 'segredo1' } })).status()).toBe(201);
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Sincronização' })).toContainText('Tudo sincronizado');
    // As after any earlier visit: the service worker holds the app, so screens open offline.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });

    await context.setOffline(true);
    await page
      .getByRole('link', { name: /Novo Sorteio|Criar Primeiro Sorteio/ })
      .first()
      .click();
    await page.getByLabel('Título').fill('Rifa resistente');
    await page.getByRole('button', { name: 'Criar Sorteio' }).click();
    for (const name of ['Ana', 'Bia', 'Caio']) {
      await page.getByLabel('Nome', { exact: true }).fill(name);
      await page.getByRole('button', { name: 'Adicionar participante' }).click();
      await expect(page.getByText(name, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Sincronização' })).toContainText('4 alterações pendentes');

    // Kill the server the moment the first push leaves the browser.
    let killed = false;
    const exited = new Promise((r) => server.once('exit', r));
    page.on('request', (req) => {
      if (!killed && req.url().endsWith('/api/sync/push')) {
        killed = true;
        server.kill('SIGKILL');
      }
    });
    await context.setOffline(false);
    await expect.poll(() => killed, { timeout: 10_000 }).toBe(true);
    await exited;

    server = await startServer();
    await expect(page.getByRole('region', { name: 'Sincronização' })).toContainText('Tudo sincronizado', { timeout: 20_000 });

    const feed = await (await context.request.get('/api/sync/raffles')).json();
    const raffles = feed.raffles.filter((r: { title: string }) => r.title === 'Rifa resistente');
    expect(raffles).toHaveLength(1);
    const id = raffles[0].id;
    const snapshot = await (await context.request.get(`/api/sync/raffles/${id}/snapshot`)).json();
    expect(snapshot.participants.map((p: { name: string }) => p.name).sort()).toEqual(['Ana', 'Bia', 'Caio']);
    const changes = await (await context.request.get(`/api/sync/raffles/${id}/changes`)).json();
    expect(changes.changes).toHaveLength(4); // one create, three adds: each applied exactly once
  } finally {
    await context.close();
    server.kill('SIGKILL');
  }
});
