import { describe, expect, it } from 'vitest'
import type { RaffleRow } from '@/db/schema'
import { filterRaffles } from '@/features/dashboard/filter'

const raffle = (code: string, title: string, status: RaffleRow['status']): RaffleRow => ({
  id: code,
  ownerId: 'u',
  code,
  title,
  description: '',
  type: 'simple',
  status,
  winnersCount: 1,
  countdownSeconds: 0,
  allowDuplicateWins: false,
  drawnAt: null,
  createdAt: 0,
})

const all = [raffle('ABC123', 'Rifa de São João', 'completed'), raffle('XYZ789', 'Bingo da escola', 'pending'), raffle('QWE456', 'Quermesse', 'completed')]
const codes = (rs: RaffleRow[]) => rs.map((r) => r.code)

describe('filterRaffles', () => {
  it('finds by title without case or accents, and by code', () => {
    expect(codes(filterRaffles(all, '  SAO joão ', 'all'))).toEqual(['ABC123'])
    expect(codes(filterRaffles(all, 'xyz7', 'all'))).toEqual(['XYZ789'])
    expect(codes(filterRaffles(all, '', 'all'))).toEqual(['ABC123', 'XYZ789', 'QWE456'])
  })

  it('filters by status, with the search', () => {
    expect(codes(filterRaffles(all, '', 'completed'))).toEqual(['ABC123', 'QWE456'])
    expect(codes(filterRaffles(all, 'quer', 'completed'))).toEqual(['QWE456'])
    expect(codes(filterRaffles(all, 'quer', 'pending'))).toEqual([])
  })
})
