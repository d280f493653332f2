import { describe, expect, it } from 'vitest'
import { parseAuditExport, type AuditExport } from '@/features/verify-draw/audit-record'
import { loadFixture } from '@/features/verify-draw/test-fixture'
import { describeTicket, verifyExport, verifyRound } from '@/features/verify-draw/verify-record'
import { canonical, pick, poolDigest, type DrawTicket } from '@/protocol/draw'
import { redrawPool } from '@/protocol/draw-pool'
import { fromHex, toHex } from '@/lib/bytes'

const noWait = { yieldToPage: async () => {} }

/** The fixture written by sync/testdata/draw/generate.py (the independent Python reference). */
function fixture(): AuditExport {
  return parseAuditExport(JSON.parse(loadFixture()))
}

async function problemsOf(record: AuditExport): Promise<string[]> {
  const check = await verifyExport(record, noWait)
  expect(check.ok).toBe(false)
  return [...check.problems, ...check.rounds.flatMap((r) => r.problems)]
}

describe('verifyExport on the Python reference record', () => {
  it('confirms the online draw and the offline redraw', async () => {
    const record = fixture()
    expect(record.draws.map((r) => [r.kind, r.online])).toEqual([
      ['draw', true],
      ['redraw', false],
    ])
    const check = await verifyExport(record, noWait)
    expect(check.problems).toEqual([])
    expect(check.rounds.map((r) => r.problems)).toEqual([[], []])
    expect(check.ok).toBe(true)
    const [online, offline] = check.rounds
    expect(online!.winners).toEqual(record.draws[0]!.winners)
    expect(online!.poolSize).toBe(27)
    expect(online!.poolDigest).toBe(record.draws[0]!.pool_digest)
    expect(online!.clientCommitment).toBe(record.draws[0]!.client_commitment)
    expect(online!.serverCommitment).toBe(record.draws[0]!.server_commitment)
    // Offline, the seed used is the device's own; the server's is not even checked.
    expect(offline!.seed).toBe(record.draws[1]!.client_seed)
    expect(offline!.serverCommitment).toBeNull()
    expect(offline!.poolSize).toBe(20)
  })

  it('canonicalises the pool itself, whatever order it was published in', async () => {
    const record = fixture()
    record.draws[0]!.pool!.reverse()
    expect((await verifyExport(record, noWait)).ok).toBe(true)
  })

  it('reports a tampered winner, naming the place and both tickets', async () => {
    const record = fixture()
    const round = record.draws[0]!
    const other = round.pool!.find((t) => !round.winners.includes(t.id))!
    round.winners[1] = other.id
    const problems = await problemsOf(record)
    expect(problems).toContain(`2º lugar: o registro diz bilhete ${other.ticket_number} (${other.name}), o cálculo dá bilhete 019 (Iara Gomes).`)
    // The winners list still names the real 2nd place, which no round now drew.
    expect(problems.some((p) => p.startsWith('O 2º lugar da lista de vencedores (bilhete 019 (Iara Gomes))'))).toBe(true)
  })

  it('reports a tampered seed as not matching its commitment', async () => {
    const record = fixture()
    record.draws[1]!.client_seed = 'ab'.repeat(32)
    const [, offline] = (await verifyExport(record, noWait)).rounds
    expect(offline!.ok).toBe(false)
    expect(offline!.problems).toContain('A semente do dispositivo não corresponde ao compromisso publicado no início.')
  })

  it('reports a tampered server seed of an online round', async () => {
    const record = fixture()
    record.draws[0]!.server_seed = 'cd'.repeat(32)
    expect(await problemsOf(record)).toContain('A semente do servidor não corresponde ao compromisso publicado no início.')
  })

  it('reports a malformed seed without trying to draw', async () => {
    const record = fixture()
    record.draws[0]!.client_seed = 'zz'
    const [online] = (await verifyExport(record, noWait)).rounds
    expect(online!.problems).toEqual(['Semente do dispositivo inválida: deveria ter 64 caracteres hexadecimais.'])
    expect(online!.winners).toBeNull()
  })

  it('reports a tampered pool entry through the digest', async () => {
    const record = fixture()
    record.draws[0]!.pool![4]!.name = 'Outra Pessoa'
    expect(await problemsOf(record)).toContain('A impressão digital (SHA-256) do conjunto de bilhetes não confere com a publicada no início.')
  })

  it('reports a ticket taken out of the first pool through its size and digest, in every round derived from it', async () => {
    const record = fixture()
    record.draws[0]!.pool!.pop()
    const check = await verifyExport(record, noWait)
    expect(check.rounds[0]!.problems).toContain('O conjunto de bilhetes desta rodada tem 26 bilhete(s), mas o registro diz 27.')
    expect(check.rounds[1]!.ok).toBe(false)
  })

  it("derives a redraw's pool and ignores one the record publishes for it", async () => {
    const record = fixture()
    // A forged redraw, consistent in itself: its own pool (every ticket, earlier winners included),
    // with that pool's size and digest and the winner its seed gives over it. A page that trusted
    // the published pool would say it matches.
    const redraw = record.draws[1]!
    const everyone = canonical(record.draws[0]!.pool!)
    redraw.pool = everyone
    redraw.pool_size = everyone.length
    redraw.pool_digest = await poolDigest(everyone)
    redraw.winners = (await pick(fromHex(redraw.client_seed), everyone, 1, false)).map((t) => t.id)
    record.winners[2]!.ticket_id = redraw.winners[0]!
    const check = await verifyExport(record, noWait)
    expect(check.ok).toBe(false)
    expect(check.rounds[0]!.ok).toBe(true)
    expect(check.rounds[1]!.problems).toContain('O conjunto de bilhetes desta rodada tem 20 bilhete(s), mas o registro diz 27.')
    expect(check.rounds[1]!.problems).toContain('A impressão digital (SHA-256) do conjunto de bilhetes não confere com a publicada no início.')
  })

  it("reports a redraw whose winner is an earlier round's winner", async () => {
    const record = fixture()
    record.draws[1]!.winners[0] = record.draws[0]!.winners[0]!
    const problems = (await verifyExport(record, noWait)).rounds[1]!.problems
    // Fábio's ticket left the redraw's pool with his first-draw win.
    expect(problems.some((p) => p.startsWith('2º lugar: o registro diz um bilhete que não está no conjunto'))).toBe(true)
  })

  it('reports a redraw with no first draw to derive its pool from', async () => {
    const record = fixture()
    record.draws.shift()
    record.winners = []
    const [only] = (await verifyExport(record, noWait)).rounds
    expect(only!.problems).toEqual(['Re-sorteio antes de qualquer sorteio inicial concluído: não há de onde derivar o conjunto de bilhetes.'])
  })

  it('uses the combined seed only online: the offline round claimed as online fails', async () => {
    const record = fixture()
    record.draws[1]!.online = true
    expect((await verifyExport(record, noWait)).rounds[1]!.ok).toBe(false)
  })

  it('reports a winners list entry that no round drew, and an unknown algorithm', async () => {
    const record = fixture()
    record.winners[0]!.position = 5
    expect(await problemsOf(record)).toContain('O 5º lugar da lista de vencedores (bilhete 012 (Fábio Melo)) não saiu de nenhuma rodada do registro.')
    // sorteio-v2 (alternates) is known; a version after it is not.
    expect((await verifyExport({ ...fixture(), algorithm: 'sorteio-v2' }, noWait)).ok).toBe(true)
    const v3 = { ...fixture(), algorithm: 'sorteio-v3' }
    expect(await verifyExport(v3, noWait)).toEqual({
      ok: false,
      problems: ['Algoritmo desconhecido: "sorteio-v3". Esta página confere o sorteio-v1 e o sorteio-v2.'],
      rounds: [],
      refused: [],
      promotions: [],
    })
  })

  it('reports a draw that cannot happen and a winner count that disagrees', async () => {
    const record = fixture()
    const round = record.draws[1]!
    const pool = redrawPool(record.draws[0]!.pool!, record.draws[0]!.winners, false)
    round.winners_count = 25
    const check = await verifyRound(round, pool)
    expect(check.problems).toEqual(['O registro sorteia 1 posição(ões), mas diz 25 vencedor(es).', 'Sorteio impossível: 25 vencedor(es) para 20 bilhete(s).'])
    round.winners_count = 15
    expect((await verifyRound(round, pool)).problems).toContain('Sorteio impossível: 15 vencedor(es) para 9 pessoa(s), sem repetir pessoas.')
  })
})

describe('describeTicket', () => {
  const tickets = new Map<string, DrawTicket>([
    ['a', { id: 'a', group_id: 'a', ticket_number: '007', name: 'Ana' }],
    ['b', { id: 'b', group_id: 'b', ticket_number: null, name: 'Bia' }],
  ])
  it('names the ticket by number and name, the name alone, or says it is not in the pool', () => {
    expect(describeTicket('a', tickets)).toBe('bilhete 007 (Ana)')
    expect(describeTicket('b', tickets)).toBe('Bia')
    expect(describeTicket('c', tickets)).toBe('um bilhete que não está no conjunto (c)')
  })
})

describe('verifying a 100,000-ticket pool', () => {
  it('reports progress step by step and yields to the page between steps', async () => {
    const hex = (n: number) => n.toString(16).padStart(12, '0')
    const pool: DrawTicket[] = Array.from({ length: 100_000 }, (_, i) => ({
      id: `0192f0c1-0000-7000-8000-${hex((i * 7919) % 100_000)}`,
      group_id: `g${Math.floor(i / 10)}`,
      ticket_number: String((i % 10) + 1).padStart(3, '0'),
      name: `Pessoa ${Math.floor(i / 10)}`,
    }))
    const seed = fromHex('11'.repeat(32))
    const canon = canonical(pool)
    const winners = (await pick(seed, canon, 100, false)).map((t) => t.id)
    const commitment = toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', seed as BufferSource)))
    const round = {
      kind: 'draw' as const,
      positions: Array.from({ length: 100 }, (_, i) => i + 1),
      online: false,
      client_seed: toHex(seed),
      client_commitment: commitment,
      pool,
      pool_size: pool.length,
      pool_digest: await poolDigest(canon),
      winners_count: 100,
      allow_duplicate_wins: false,
      winners,
      started_at: 0,
      completed_at: 0,
    }
    const record: AuditExport = {
      algorithm: 'sorteio-v1',
      raffle: { id: '', code: 'BIG100', title: '', deletedAt: null },
      draws: [round],
      winners: [],
      abandoned: [],
      refused: [],
      prizes: [],
      promotions: [],
    }
    const progress: Array<[number, number]> = []
    let yields = 0
    const check = await verifyExport(record, {
      onProgress: (done, total) => progress.push([done, total]),
      yieldToPage: async () => {
        yields++
      },
    })
    expect(check.ok).toBe(true)
    expect(progress).toEqual([0, 1, 2, 3].map((done) => [done, 3]))
    expect(yields).toBe(3)
  }, 30_000)
})
