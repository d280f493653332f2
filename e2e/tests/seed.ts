import { expect, type APIRequestContext } from '@playwright/test';
import { randomInt, randomUUID } from 'node:crypto';

// Seeds raffles straight through the sync API, as a device of the signed-in account would, so a
// test about one screen does not have to click through the others first.

/** A UUIDv7 (time-ordered), the id form the protocol asks for. */
export function uuidv7(): string {
  const hex = Date.now().toString(16).padStart(12, '0');
  const rand = randomUUID().replace(/-/g, '');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${rand.slice(13, 16)}-8${rand.slice(17, 20)}-${rand.slice(20, 32)}`;
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random raffle code the server accepts (6 characters, none of I, O, 0 or 1). */
export function randomCode(): string {
  return Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

export interface NewRaffle {
  title: string;
  type?: 'simple' | 'tickets';
  winners?: number;
  countdown?: number;
  allowDuplicates?: boolean;
  /** The prize of each position (schema version 4). */
  prizes?: { position: number; name: string }[];
  /** How many alternates the first draw adds after the winners (0 to 10). */
  alternates?: number;
}

export interface SeededTicket {
  id: string;
  name: string;
  email: string | null;
  ticket_number: string | null;
  group_id: string;
}

/** One device of an account, pushing ops in order. */
export class SeedClient {
  private readonly clientId = uuidv7();
  private mutation = 0;

  constructor(private readonly request: APIRequestContext) {}

  async push(ops: { raffleId: string; type: string; payload: unknown }[]) {
    const wire = ops.map((o) => ({ op_id: uuidv7(), mutation_id: ++this.mutation, raffle_id: o.raffleId, type: o.type, base_seq: 0, payload: o.payload }));
    const res = await this.request.post('/api/sync/push', { data: { client_id: this.clientId, schema_version: 2, ops: wire } });
    expect(res.status()).toBe(200);
    const body = await res.json();
    for (const r of body.results) expect(r.status, JSON.stringify(r)).toBe('applied');
    return body.results as { seq: number; code?: string }[];
  }

  /** Creates a raffle; answers its id and its code (the server may have replaced a taken one). */
  async createRaffle(r: NewRaffle): Promise<{ id: string; code: string }> {
    const id = uuidv7();
    const code = randomCode();
    const [result] = await this.push([
      {
        raffleId: id,
        type: 'raffle.create',
        payload: {
          id,
          code,
          title: r.title,
          description: '',
          type: r.type ?? 'tickets',
          winners_count: r.winners ?? 1,
          countdown_seconds: r.countdown ?? 0,
          allow_duplicate_wins: r.allowDuplicates ?? false,
          created_at: Date.now(),
          ...(r.prizes ? { prizes: r.prizes } : {}),
          ...(r.alternates ? { alternates_count: r.alternates } : {}),
        },
      },
    ]);
    return { id, code: result?.code ?? code };
  }

  /** Adds people, each with `tickets` tickets numbered 001, 002… across the raffle. */
  async addPeople(raffleId: string, names: string[], tickets = 1): Promise<SeededTicket[]> {
    const rows: SeededTicket[] = [];
    for (const name of names) {
      const group = uuidv7();
      for (let t = 0; t < tickets; t++) {
        rows.push({
          id: t === 0 ? group : uuidv7(),
          name,
          email: `${name.toLowerCase().replace(/\W+/g, '.')}@exemplo.com`,
          ticket_number: String(rows.length + 1).padStart(3, '0'),
          group_id: group,
        });
      }
    }
    const ops = [];
    for (let s = 0; s < rows.length; s += 5000) ops.push({ raffleId, type: 'participants.add', payload: { tickets: rows.slice(s, s + 5000) } });
    for (let s = 0; s < ops.length; s += 4) await this.push(ops.slice(s, s + 4));
    return rows;
  }
}
