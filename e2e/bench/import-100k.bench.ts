import { expect, test, type Page } from '@playwright/test';
import * as XLSX from '@e965/xlsx';
import { createAccount, uniqueEmail } from '../tests/helpers';

// Import of 100,000 tickets (10,000 people × 10, the 'name;quantity' format) in real Chromium against
// the real server, from a CSV (UTF-8 with BOM, ';') and from an .xlsx:
//   read: File.arrayBuffer on the page ('sorteio:import-read-file');
//   parse: the Worker's decode, parse and checks (its own clock), and the round trip to it
//          ('sorteio:import-worker');
//   save: the chunks and the 20 participants.add ops in one IndexedDB transaction, written by the
//         Worker ('sorteio:import-save', confirm to the Worker's answer);
//   sync: from the save until the server's log holds the 20 ops (the feed polled every 100 ms);
//   longest main-thread task during the whole import (PerformanceObserver 'longtask').
// Budgets: CSV under 1.5 s and XLSX under 3 s to saved locally; no task over 100 ms; synced under 3 s.
// Prints one line per file: BENCH {...}.

const PEOPLE = 10_000;
const EACH = 10;

function files() {
  const rows = Array.from({ length: PEOPLE }, (_, p) => [`Pessoa ${p} da Silva`, EACH] as const);
  const csv = Buffer.from('\uFEFF' + rows.map(([n, q]) => `${n};${q}`).join('\r\n') + '\r\n', 'utf8');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows.map((r) => [...r])), 'Participantes');
  const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  return [
    { name: 'compradores.csv', mimeType: 'text/csv', buffer: csv },
    { name: 'compradores.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx },
  ];
}

async function newRaffle(page: Page) {
  await page.goto('/dashboard');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  await page.getByRole('link', { name: 'Criar Primeiro Sorteio' }).click();
  await page.getByLabel('Título').fill('Rifa grande');
  await page.getByRole('radio', { name: 'Com Bilhetes' }).check();
  await page.getByRole('button', { name: 'Criar Sorteio' }).click();
  await expect(page).toHaveURL(/\/gerenciar\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Sincronização' })).toContainText('Tudo sincronizado', { timeout: 30_000 });
  return page.url().split('/').pop()!;
}

for (const file of files()) {
  test(`100,000 tickets from ${file.name}`, async ({ browser }) => {
    const context = await browser.newContext();
    await createAccount(context.request, uniqueEmail('bench'), 'segredo1');
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __longest: number };
      w.__longest = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
      }).observe({ type: 'longtask', buffered: false });
    });
    const raffleId = await newRaffle(page);
    await page.evaluate(() => ((window as unknown as { __longest: number }).__longest = 0));

    // Waits read a user timing entry, not the page's text: a retried text assertion walks the whole
    // page on its thread (an aria snapshot per failed try), which the longtask observer would count.
    const measured = (name: string) => page.waitForFunction((n) => performance.getEntriesByName(n, 'measure').length > 0, name, { polling: 100, timeout: 60_000 });
    await page.getByLabel('Arquivo para importar').setInputFiles(file);
    await measured('sorteio:import-worker');
    const dialog = page.getByRole('dialog', { name: 'Importar participantes' });
    await expect(dialog.getByTestId('import-counts')).toHaveText('10.000 participantes, 100.000 bilhetes');
    await dialog.getByRole('button', { name: 'Importar' }).click();
    await measured('sorteio:import-save');
    const saved = Date.now();
    await expect(page.getByText('10.000 participante(s) importado(s)')).toBeVisible();
    // On the server: the raffle's log holds its creation and the 20 ops of 5,000 tickets.
    await expect
      .poll(
        async () => {
          const feed = await (await context.request.get('/api/sync/raffles')).json();
          return feed.raffles.find((r: { id: string }) => r.id === raffleId)?.head_seq;
        },
        { timeout: 120_000, intervals: [100] },
      )
      .toBe(1 + (PEOPLE * EACH) / 5000);
    const syncMs = Date.now() - saved;

    const t = await page.evaluate(() => {
      const last = (name: string) => performance.getEntriesByName(name, 'measure').at(-1) as PerformanceMeasure | undefined;
      const worker = last('sorteio:import-worker');
      return {
        readMs: Math.round(last('sorteio:import-read-file')?.duration ?? NaN),
        workerMs: Math.round(worker?.duration ?? NaN),
        parseMs: Math.round((worker?.detail as { parseMs: number } | undefined)?.parseMs ?? NaN),
        saveMs: Math.round(last('sorteio:import-save')?.duration ?? NaN),
        longestTaskMs: Math.round((window as unknown as { __longest: number }).__longest),
      };
    });
    const snap = await (await context.request.get(`/api/sync/raffles/${raffleId}/snapshot`)).json();
    expect(snap.participants.length).toBe(PEOPLE * EACH);
    const toSaved = t.readMs + t.workerMs + t.saveMs;
    console.log(`BENCH ${JSON.stringify({ file: file.name, bytes: file.buffer.length, ...t, toSavedMs: toSaved, syncMs })}`);
    await context.close();
  });
}
