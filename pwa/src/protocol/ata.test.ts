import { describe, expect, it } from 'vitest'
import { buildAta, IN_PROGRESS_TEXT, NOT_DRAWN_TEXT, type AtaInput, type AtaPosition } from '@/protocol/ata'

// 2026-11-26 13:00:00 UTC = 10:00:00 in Brasília (UTC-3, no daylight saving since 2019).
const T0 = Date.UTC(2026, 10, 26, 13, 0, 0)
const MIN = 60_000

function round(id: string, n: number, kind: 'draw' | 'redraw', positions: number[], at: number, online = true) {
  return {
    id,
    round: n,
    kind,
    positions,
    online,
    startedAt: at,
    completedAt: at + 5_000,
    poolSize: 5,
    poolDigest: `digest-${id}`,
    clientCommitment: `cc-${id}`,
    clientSeed: `cs-${id}`,
    serverCommitment: online ? `sc-${id}` : null,
    serverSeed: online ? `ss-${id}` : null,
  }
}

function input(over: Partial<AtaInput> = {}): AtaInput {
  return {
    raffle: { code: 'ABC123', title: 'Rifa da quermesse', description: 'Prêmios doados pela paróquia', type: 'tickets', status: 'completed' },
    organiserEmail: 'organizadora@paroquia.org.br',
    counts: { people: 4, tickets: 5 },
    algorithm: 'sorteio-v1',
    rounds: [round('r2', 2, 'redraw', [1], T0 + 10 * MIN, false), round('r1', 1, 'draw', [1, 2], T0)],
    roundOpen: false,
    winners: [
      { position: 2, roundId: 'r1', name: 'Bia', ticketNumber: '002', email: 'bia@gmail.com', valid: true, invalidatedAt: null },
      { position: 1, roundId: 'r2', name: 'Caio', ticketNumber: '004', email: null, valid: true, invalidatedAt: null },
      { position: 1, roundId: 'r1', name: 'Ana', ticketNumber: '001', email: 'ana.souza@exemplo.com', valid: false, invalidatedAt: T0 + 8 * MIN },
    ],
    winnersCount: 2,
    verifyUrl: 'https://sorteio.example.com/sorteio/ABC123/verificar',
    ...over,
  }
}

describe('buildAta', () => {
  it("an offline round's times: the device's with the receipt beside; an older device's, the receipt alone, said so on page 1", () => {
    const offline = { ...round('r1', 1, 'draw', [1, 2], T0 + 40 * MIN, false), device: { startedAt: T0, completedAt: T0 + 12_000, clockOffset: 20_000 } }
    const ata = buildAta(input({ rounds: [offline] }))
    if (ata.status !== 'drawn') throw new Error(ata.status)
    expect(ata.drawnAt.brasilia).toBe('26/11/2026, 10:00:12 (Brasília)')
    expect(ata.offlineNote).toBe(
      'Sorteio feito sem conexão com a internet, no aparelho do organizador: o horário acima é o do relógio do aparelho do organizador. O servidor recebeu o resultado em 26/11/2026, 10:40:05 (Brasília).',
    )
    expect(ata.rounds[0]).toMatchObject({ onDevice: true, clockNote: null, received: { brasilia: '26/11/2026, 10:40:05 (Brasília)' } })
    expect(ata.rounds[0]!.started.brasilia).toBe('26/11/2026, 10:00:00 (Brasília)')

    const older = buildAta(input({ rounds: [{ ...offline, device: null }] }))
    if (older.status !== 'drawn') throw new Error(older.status)
    expect(older.drawnAt.brasilia).toBe('26/11/2026, 10:40:05 (Brasília)')
    expect(older.offlineNote).toMatch(/O horário acima é o de quando o servidor recebeu o resultado \(26\/11\/2026, 10:40:05 \(Brasília\)\); o aparelho não informou o seu\.$/)
    expect(older.rounds[0]).toMatchObject({ onDevice: false, clockNote: null })

    const online = buildAta(input())
    if (online.status !== 'drawn') throw new Error(online.status)
    expect(online.offlineNote).toBeNull()
    expect(online.rounds[0]).toMatchObject({ onDevice: false, received: null })
  })

  it('holds the raffle, the rounds in both time zones, and each position with its history', () => {
    const ata = buildAta(input())
    if (ata.status !== 'drawn') throw new Error(ata.status)
    expect(ata).toMatchObject({ code: 'ABC123', title: 'Rifa da quermesse', description: 'Prêmios doados pela paróquia', type: 'Com Bilhetes' })
    expect(ata).toMatchObject({ organiserEmail: 'organizadora@paroquia.org.br', people: 4, tickets: 5, algorithm: 'sorteio-v1', invalidations: 1 })
    expect(ata.drawnAt).toEqual({ brasilia: '26/11/2026, 10:00:05 (Brasília)', utc: '26/11/2026, 13:00:05 UTC' })
    // Ordered by round number, whatever order they came in.
    expect(ata.rounds.map((r) => [r.number, r.title])).toEqual([
      [1, 'Sorteio'],
      [2, 'Re-sorteio do 1º lugar'],
    ])
    expect(ata.rounds[0]!).toMatchObject({ poolDigest: 'digest-r1', clientSeed: 'cs-r1', serverSeed: 'ss-r1', serverCommitment: 'sc-r1' })
    expect(ata.rounds[0]!.started.brasilia).toBe('26/11/2026, 10:00:00 (Brasília)')
    expect(ata.rounds[1]!.mode).toMatch(/^OFFLINE/)
    expect(ata.rounds[1]!.serverSeed).toBe('não usada (rodada offline)')

    const [first, second] = ata.positions as [AtaPosition, AtaPosition]
    expect(first.label).toBe('1º lugar')
    expect(first.holders.map((h) => h.name)).toEqual(['Ana', 'Caio'])
    expect(first.holders[0]).toMatchObject({
      valid: false,
      email: 'an***@e***.com',
      origin: 'Sorteado na rodada 1',
      invalidated: { brasilia: '26/11/2026, 10:08:00 (Brasília)', utc: '26/11/2026, 13:08:00 UTC' },
      then: 'Lugar preenchido por re-sorteio na rodada 2.',
    })
    expect(first.holders[1]).toMatchObject({ valid: true, email: null, origin: 'Sorteado na rodada 2', then: null })
    expect(second.holders).toEqual([expect.objectContaining({ name: 'Bia', ticketNumber: '002', email: 'bi***@g***.com' })])
    expect(ata.signatures).toEqual(['Responsável', 'Testemunha'])
    expect(ata.verifyUrl).toBe('https://sorteio.example.com/sorteio/ABC123/verificar')
  })

  it('never carries an invalidation reason', () => {
    const ata = buildAta(input())
    expect(JSON.stringify(ata)).not.toMatch(/motivo/i)
  })

  it('without the prize and alternate slots prints neither', () => {
    const ata = buildAta(input())
    if (ata.status !== 'drawn') throw new Error(ata.status)
    expect(ata.positions.map((p) => p.prize)).toEqual([null, null])
    expect(ata.alternates).toBeNull()
  })

  it('with the slots filled: prizes by position, alternates in order, a promoted alternate', () => {
    const ata = buildAta(
      input({
        prizes: ['Bicicleta', '  '],
        winners: [
          { position: 1, roundId: 'r1', name: 'Ana', ticketNumber: '001', email: null, valid: false, invalidatedAt: T0 + 8 * MIN },
          { position: 1, roundId: 'r1', name: 'Duda', ticketNumber: '005', email: 'duda@ig.com.br', valid: true, invalidatedAt: null, promotedAt: T0 + 9 * MIN },
          { position: 2, roundId: 'r1', name: 'Bia', ticketNumber: '002', email: null, valid: true, invalidatedAt: null },
        ],
        rounds: [round('r1', 1, 'draw', [1, 2], T0)],
        alternates: [
          { rank: 2, name: 'Edu', ticketNumber: '003', email: null },
          { rank: 1, name: 'Duda', ticketNumber: '005', email: 'duda@ig.com.br', usedFor: 1, usedAt: T0 + 9 * MIN },
        ],
      }),
    )
    if (ata.status !== 'drawn') throw new Error(ata.status)
    expect(ata.positions.map((p) => p.prize)).toEqual(['Bicicleta', null])
    expect(ata.positions[0]!.holders[0]!.then).toBe('Lugar preenchido pelo suplente Duda, chamado em 26/11/2026, 10:09:00 (Brasília).')
    expect(ata.positions[0]!.holders[1]!.origin).toBe('Suplente chamado em 26/11/2026, 10:09:00 (Brasília)')
    expect(ata.alternates).toEqual([
      { rank: 1, label: '1º suplente', name: 'Duda', ticketNumber: '005', email: 'du***@i***.br', usedFor: 'Chamado para o 1º lugar em 26/11/2026, 10:09:00 (Brasília)' },
      { rank: 2, label: '2º suplente', name: 'Edu', ticketNumber: '003', email: null, usedFor: null },
    ])
  })

  it('an invalidated place not yet redrawn says it is vacant', () => {
    const ata = buildAta(input({ rounds: [round('r1', 1, 'draw', [1, 2], T0)], winners: input().winners.filter((w) => w.roundId === 'r1') }))
    if (ata.status !== 'drawn') throw new Error(ata.status)
    expect(ata.positions[0]!.holders.at(-1)?.then).toBe('Lugar vago: ainda não sorteado de novo.')
  })

  it('a draw in progress, or none yet, has no ata but says why', () => {
    expect(buildAta(input({ roundOpen: true }))).toEqual({ status: 'inProgress', code: 'ABC123', title: 'Rifa da quermesse', message: IN_PROGRESS_TEXT })
    const pending = input({ rounds: [], winners: [] })
    pending.raffle = { ...pending.raffle, status: 'pending' }
    expect(buildAta(pending)).toMatchObject({ status: 'notDrawn', message: NOT_DRAWN_TEXT })
  })
})
