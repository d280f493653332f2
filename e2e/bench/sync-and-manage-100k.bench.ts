import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { uuidv7 } from '../tests/seed';

// 100,000 tickets (10,000 people of 10) in one raffle, in real Chromium against the real server:
//   1. device A pushes them (as the sync engine does: ops of 5,000 tickets, 4 ops a push);
//   2. device B (a browser) pulls them into IndexedDB;
//   3. navigation to the manage screen until the participants list is painted;
//   4. a keystroke in the search box until the filtered list is painted.
// Budgets: sync under 5 s, list under 1 s, search under 150 ms (after the 300 ms debounce).
// Prints one line: BENCH {pushMs, pullMs, syncMs, listMs, fullIndexMs, searchMs, searchAfterDebounceMs}.

test('100,000 tickets: sync to a second device, open the list, search', async ({ browser }) => {
  const email = `bench-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const context = await browser.newContext();
  const api = context.request;
  expect((await api.post('/api/auth/signup', { data: { email, password: 'segredo1' } })).status()).toBe(201);

  const clientId = uuidv7();
  let mutation = 0;
  const op = (raffleId: string, type: string, payload: unknown) => ({ op_id: uuidv7(), mutation_id: ++mutation, raffle_id: raffleId, type, base_seq: 0, payload });
  const push = async (ops: unknown[]) => {
    const res = await api.post('/api/sync/push', { data: { client_id: clientId, schema_version: 1, ops } });
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
  };
  const raffleId = uuidv7();
  await push([op(raffleId, 'raffle.create', { id: raffleId, code: 'BENCH2', title: 'Rifa grande', description: '', type: 'tickets', winners_count: 10, countdown_seconds: 0, allow_duplicate_wins: false, created_at: Date.now() })]);

  const people = Array.from({ length: 10_000 }, (_, p) => {
    const group = uuidv7();
    return Array.from({ length: 10 }, (_, t) => ({
      id: t === 0 ? group : uuidv7(), name: `Pessoa ${p} Silva`, email: `pessoa${p}@exemplo.com`,
      ticket_number: String(p * 10 + t + 1).padStart(6, '0'), group_id: group,
    }));
  });
  const t0 = Date.now();
  for (let start = 0; start < people.length; start += 2000) {
    const ops = [];
    for (let s = start; s < start + 2000; s += 500) ops.push(op(raffleId, 'participants.add', { tickets: people.slice(s, s + 500).flat() }));
    await push(ops);
  }
  const pushMs = Date.now() - t0;

  const page = await context.newPage();
  const t1 = Date.now();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Rifa grande' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('region', { name: 'Sincronização' })).toContainText('Tudo sincronizado', { timeout: 120_000 });
  const pullMs = Date.now() - t1;

  // Times 3 and 4 are read from the page's own clock (performance.now(), which starts at the
  // navigation) on the animation frame where the text is on screen: Playwright's expect polls with
  // growing intervals and would add up to half a second of its own.
  const listPainted = () =>
    page.waitForFunction(
      () => {
        const item = document.querySelector('ul[aria-labelledby="participants-heading"] > li');
        return item && document.body.textContent?.includes('Mostrando 100 de 10.000') ? performance.now() : null;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
  await page.goto(`/gerenciar/${raffleId}`);
  const listMs = Math.round(await (await listPainted()).jsonValue() as number);

  // Search is measured on the loaded screen: the first page paints from a preview, then the whole
  // index (duplicates, search) is swapped in and 'Carregar mais' becomes available.
  await expect(page.getByRole('button', { name: /Carregar mais/ })).toBeEnabled({ timeout: 60_000 });
  const fullIndexMs = Math.round(await page.evaluate(() => performance.now()));
  const search = page.getByRole('searchbox');
  await search.fill('Pessoa 999');
  await expect(page.getByText('Mostrando 11 de 11')).toBeVisible(); // 'Pessoa 999' and 'Pessoa 9990'–'9999'
  await page.evaluate(() => {
    document.addEventListener('keydown', () => ((window as unknown as { keyAt: number }).keyAt = performance.now()), { once: true });
  });
  await search.press('3'); // 'Pessoa 9993' matches one person
  const filteredAt = (await (
    await page.waitForFunction(() => (document.body.textContent?.includes('Mostrando 1 de 1') ? performance.now() : null), undefined, { polling: 'raf' })
  ).jsonValue()) as number;
  const searchMs = Math.round(filteredAt - (await page.evaluate(() => (window as unknown as { keyAt: number }).keyAt)));

  const result = { pushMs, pullMs, syncMs: pushMs + pullMs, listMs, fullIndexMs, searchMs, searchAfterDebounceMs: searchMs - 300 };
  console.log(`BENCH ${JSON.stringify(result)}`);
  await context.close();
});
