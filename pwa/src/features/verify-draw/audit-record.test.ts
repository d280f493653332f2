import { describe, expect, it } from 'vitest'
import { AuditFormatError, parseAuditExport, ticketsById } from '@/features/verify-draw/audit-record'
import { loadFixture } from '@/features/verify-draw/test-fixture'

const raw = () => JSON.parse(loadFixture()) as Record<string, unknown> & { draws: Record<string, unknown>[] }

describe('parseAuditExport', () => {
  it('accepts the reference record, with its winners list', () => {
    const record = parseAuditExport(raw())
    expect(record.raffle).toEqual({ id: '0192f0c0-0000-7000-8000-000000000001', code: 'K7P2QX', title: 'Rifa da festa', deletedAt: null })
    expect(record.draws).toHaveLength(2)
    expect(record.draws[1]!.pool).toBeUndefined()
    expect(record.abandoned.map((a) => [a.round, a.kind, a.abandoned_at])).toEqual([[1, 'draw', 1763690100000]])
    expect(record.winners.map((w) => [w.position, w.is_valid])).toEqual([
      [1, true],
      [2, false],
      [2, true],
      [3, false],
    ])
    expect(ticketsById(record).get(record.winners[0]!.ticket_id)).toMatchObject({ ticket_number: '012', name: 'Fábio Melo' })
  })

  it('accepts an exported file without the winners list, tickets without numbers and an offline round without the server seed', () => {
    const data = raw()
    delete data.winners
    delete data.abandoned
    const round = data.draws[1]!
    delete round.server_seed
    delete round.server_commitment
    ;(data.draws[0]!.pool as Array<{ ticket_number: string | null }>)[0]!.ticket_number = null
    const record = parseAuditExport(data)
    expect(record.winners).toEqual([])
    expect(record.abandoned).toEqual([])
    expect(record.draws[0]!.pool![0]!.ticket_number).toBeNull()
  })

  it("keeps the deletion time, and drops an older record's invalidation reasons and a redraw's own pool", () => {
    const data = raw()
    ;(data.raffle as Record<string, unknown>).deleted_at = 1763800000000
    ;(data.winners as Array<Record<string, unknown>>)[1]!.invalidation_reason = 'Não compareceu'
    data.draws[1]!.pool = data.draws[0]!.pool
    const record = parseAuditExport(data)
    expect(record.raffle.deletedAt).toBe(1763800000000)
    expect(record.winners[1]).toEqual({
      draw_id: record.draws[0]!.draw_id,
      position: 2,
      ticket_id: record.winners[1]!.ticket_id,
      is_valid: false,
      invalidated_at: 1763700300000,
    })
    expect(record.draws[1]!.pool).toBeUndefined()
  })

  it.each<[string, (d: ReturnType<typeof raw>) => unknown]>([
    ['raiz', () => []],
    ['draws', (d) => ({ ...d, draws: 'x' })],
    ['rodada 1, kind', (d) => ((d.draws[0]!.kind = 'sorteio'), d)],
    ['rodada 2, client_seed', (d) => ((d.draws[1]!.client_seed = 7), d)],
    ['rodada 1, pool[3]', (d) => (((d.draws[0]!.pool as unknown[])[3] = { id: 'x' }), d)],
    ['rodada 1, winners', (d) => ((d.draws[0]!.winners = [1]), d)],
    ['winners[1]', (d) => (((d.winners as unknown[])[1] = { position: '2' }), d)],
    ['abandoned[0]', (d) => (((d.abandoned as Array<Record<string, unknown>>)[0]!.abandoned_at = 'ontem'), d)],
    ['refused_rounds', (d) => ({ ...d, refused_rounds: {} })],
    ['refused_rounds[0], reason', (d) => ({ ...d, refused_rounds: [{ draw_id: 'x', kind: 'draw', client_commitment: '', pool_digest: '' }] })],
    ['raffle.deleted_at', (d) => (((d.raffle as Record<string, unknown>).deleted_at = 'ontem'), d)],
  ])('refuses a record with a bad %s', (where, spoil) => {
    const parse = () => parseAuditExport(spoil(raw()))
    expect(parse).toThrow(AuditFormatError)
    expect(parse).toThrow(`O registro recebido não está no formato esperado (${where}).`)
  })
})
