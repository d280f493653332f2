import { describe, expect, it } from 'vitest'
import type { AuditExport, AuditRound } from '@/features/verify-draw/audit-record'
import { publicAtaInput } from '@/features/verify-draw/ata-input'
import { ataTime, buildAta } from '@/protocol/ata'
import type { PublicState, PublicWinner } from '@/protocol/public-state'

const T0 = Date.UTC(2026, 10, 26, 13, 0, 0)
const CALL = T0 + 9 * 60_000

const round: AuditRound = {
  draw_id: 'r1',
  round: 1,
  kind: 'draw',
  positions: [1, 2],
  online: true,
  client_seed: 'cs',
  client_commitment: 'cc',
  server_seed: 'ss',
  server_commitment: 'sc',
  pool_size: 5,
  pool_digest: 'pd',
  winners_count: 2,
  allow_duplicate_wins: false,
  winners: ['t1', 't2'],
  alternates_count: 2,
  alternates: ['t4', 't5'],
  started_at: T0,
  completed_at: T0 + 5000,
}

const record: AuditExport = {
  algorithm: 'sorteio-v2',
  raffle: { id: 'x', code: 'ABC234', title: 'Rifa', deletedAt: null },
  draws: [round],
  winners: [],
  abandoned: [],
  refused: [],
  promotions: [{ winner_id: 'r1:a1', position: 2, alternate: 1, ticket_id: 't4', promoted_at: CALL }],
  prizes: [{ position: 1, name: 'Bicicleta' }],
}

const w = (over: Partial<PublicWinner>): PublicWinner => ({
  position: 1,
  ticket_number: '001',
  name: 'Ana',
  email: 'an***@g***.com',
  valid: true,
  invalidated_at: null,
  round_id: 'r1',
  drawn_at: T0 + 5000,
  ...over,
})

const state: PublicState = {
  seq: 9,
  server_time: CALL,
  raffle: {
    code: 'ABC234',
    title: 'Rifa',
    description: '',
    type: 'tickets',
    status: 'completed',
    winners_count: 2,
    countdown_seconds: 0,
    allow_duplicate_wins: false,
    drawn_at: T0 + 5000,
    created_at: T0,
    prizes: [{ position: 1, name: 'Bicicleta' }],
    alternates_count: 2,
  },
  counts: { people: 5, tickets: 5 },
  round: null,
  winners: [
    w({}),
    w({ position: 2, ticket_number: '002', name: 'Bia', valid: false, invalidated_at: CALL - 1000 }),
    w({ position: 2, ticket_number: '004', name: 'Duda', drawn_at: CALL, promoted: true }),
  ],
  names_sample: [],
  alternates: [
    { rank: 1, ticket_number: '004', name: 'Duda', email: null, called_to: 2 },
    { rank: 2, ticket_number: '005', name: 'Edu', email: 'ed***@g***.com' },
  ],
}

describe('the public ata from the state and the record', () => {
  it('lists the alternates and the call from the record, with its time', () => {
    const ata = buildAta(publicAtaInput(state, record, 'https://sorteio.app'))
    if (ata.status !== 'drawn') throw new Error(ata.status)
    const at = ataTime(CALL).brasilia
    expect(ata.positions[0]!.prize).toBe('Bicicleta')
    expect(ata.positions[1]!.holders.map((h) => [h.name, h.origin, h.then])).toEqual([
      ['Bia', 'Sorteado na rodada 1', `Lugar preenchido pelo suplente Duda, chamado em ${at}.`],
      ['Duda', `Suplente chamado em ${at}`, null],
    ])
    expect(ata.alternates!.map((a) => [a.label, a.name, a.usedFor])).toEqual([
      ['1º suplente', 'Duda', `Chamado para o 2º lugar em ${at}`],
      ['2º suplente', 'Edu', null],
    ])
  })

  it('prints no Suplentes section for a raffle drawn without alternates', () => {
    const ata = buildAta(publicAtaInput({ ...state, alternates: [], winners: [w({}), w({ position: 2, name: 'Bia' })] }, { ...record, promotions: [] }, ''))
    if (ata.status !== 'drawn') throw new Error(ata.status)
    expect(ata.alternates).toBeNull()
  })
})
