import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { uniqueEmail } from './helpers';
import { uuidv7 } from './seed';

// A device that last ran a release of Dexie version 4, 5, 6 or 7 holds a raffle made offline and
// its pending ops. The app upgrades the database when it opens (to version 8), and nothing is lost:
// the raffle is listed, its people are there (version 4 kept one row per ticket; 5 moved them into
// chunks), the ops are pushed and the server holds the raffle as the device made it. The old
// database is written in the page by Dexie itself with each version's tables, as that release
// declared them (pwa/src/db/schema.ts), before the app's code runs on the origin.

const dexieScript = readFileSync(createRequire(import.meta.url).resolve('dexie/dist/dexie.js'), 'utf8');

const VERSION_4 = {
  raffles: 'id, [ownerId+createdAt]',
  participants: 'id, [raffleId+createdAt], [raffleId+groupId]',
  outbox: '++seq, userId, [userId+raffleId]',
  syncState: 'raffleId',
  meta: 'key',
  draws: 'id, raffleId',
  winners: 'id, raffleId',
  drawSecrets: 'drawId, raffleId',
  drawPools: 'drawId, raffleId',
};
const VERSION_5 = { ...VERSION_4, ticketChunks: 'id, raffleId', ticketSummaries: 'raffleId', ticketPeople: 'raffleId' };
const { participants: _dropped, ...VERSION_6 } = VERSION_5;
const TABLES: Record<number, Record<string, string>> = { 4: VERSION_4, 5: VERSION_5, 6: VERSION_6, 7: VERSION_6 };

const code = () => Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[Math.floor(Math.random() * 32)]).join('');

for (const version of [4, 5, 6, 7]) {
  test(`a database of Dexie version ${version} with pending ops opens upgraded and loses nothing`, async ({ browser }) => {
    const context = await browser.newContext();
    const res = await context.request.post('/api/auth/signup', { data: { email: uniqueEmail('dexie'), password: 'segredo1' } });
    expect(res.status()).toBe(201);
    const userId = ((await res.json()) as { user: { id: string } }).user.id;

    const raffleId = uuidv7();
    const clientId = uuidv7();
    const createdAt = Date.now() - 60_000;
    const people = ['Ana Souza', 'Bruno Reis', 'Carla Dias'].map((name, i) => ({ id: uuidv7(), group: uuidv7(), name, number: String(i + 1).padStart(3, '0') }));
    const raffle = {
      id: raffleId,
      ownerId: userId,
      code: code(),
      title: `Rifa da versão ${version}`,
      description: 'Feita sem conexão',
      type: 'tickets',
      status: 'pending',
      winnersCount: 1,
      countdownSeconds: 0,
      allowDuplicateWins: false,
      drawnAt: null,
      createdAt,
    };
    const wireRaffle = {
      id: raffleId,
      code: raffle.code,
      title: `Rascunho ${version}`,
      description: raffle.description,
      type: 'tickets',
      winners_count: 1,
      countdown_seconds: 0,
      allow_duplicate_wins: false,
      created_at: createdAt,
    };
    const tickets = people.map((p) => ({ id: p.id, name: p.name, email: null, ticket_number: p.number, group_id: p.group }));
    const op = (mutationId: number, type: string, payload: unknown) => ({ opId: uuidv7(), userId, clientId, mutationId, raffleId, type, payload, createdAt, baseSeq: 0 });
    const outbox = [op(1, 'raffle.create', wireRaffle), op(2, 'participants.add', { tickets }), op(3, 'raffle.update', { title: raffle.title })];
    // Version 4 kept each ticket in participants; later ones in chunks, which this test does not
    // write by hand: there, the pending add alone carries the people.
    const rows = version === 4 ? people.map((p) => ({ id: p.id, raffleId, groupId: p.group, name: p.name, email: null, ticketNumber: p.number, createdAt })) : [];

    const page = await context.newPage();
    // A file of the origin that runs none of the app's code.
    await page.goto('/favicon.svg');
    // Dexie's own build sets window.Dexie (run by the test's driver, not by the page).
    await page.evaluate(dexieScript);
    await page.evaluate(
      async ({ version, tables, raffle, rows, outbox }) => {
        const Dexie = (
          window as unknown as {
            Dexie: new (name: string) => {
              version(n: number): { stores(s: unknown): void };
              table(n: string): { bulkPut(r: unknown[]): Promise<unknown>; put(r: unknown): Promise<unknown> };
              close(): void;
            };
          }
        ).Dexie;
        const old = new Dexie('sorteio');
        old.version(version).stores(tables);
        await old.table('raffles').put(raffle);
        if (rows.length) await old.table('participants').bulkPut(rows);
        await old.table('outbox').bulkPut(outbox);
        await old.table('meta').put({ key: 'old-release', value: version });
        old.close();
      },
      { version, tables: TABLES[version]!, raffle, rows, outbox },
    );

    await page.goto('/dashboard');
    await expect(page.getByText(raffle.title)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Sincronização' })).toContainText('Tudo sincronizado', { timeout: 20_000 });

    const snapshot = (await (await context.request.get(`/api/sync/raffles/${raffleId}/snapshot`)).json()) as {
      raffle: { title: string; code: string; description: string };
      participants: { id: string; name: string; ticket_number: string }[];
    };
    expect(snapshot.raffle).toMatchObject({ title: raffle.title, code: raffle.code, description: 'Feita sem conexão' });
    expect(snapshot.participants.map((t) => [t.id, t.name, t.ticket_number]).sort()).toEqual(people.map((p) => [p.id, p.name, p.number]).sort());

    if (version === 4) {
      // The rows of version 4, now in chunks: the list reads them from the device.
      await page.goto(`/gerenciar/${raffleId}`);
      for (const p of people) await expect(page.getByText(p.name, { exact: true })).toBeVisible();
    }
    await context.close();
  });
}
