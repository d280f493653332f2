// The ata tests' one online round and one Loteria Federal extraction (concurso 5732). The round
// starts at T0 (26/11/2026, 10:00 in Brasília) and completes 4 s later, with seeds and
// commitments of repeated hex digits.
import type { AtaInput } from '@/protocol/ata'

export const T0 = Date.UTC(2026, 10, 26, 13, 0, 0)

export function onlineRound(positions: number[], poolSize: number): AtaInput['rounds'][number] {
  return {
    id: 'r1',
    round: 1,
    kind: 'draw',
    positions,
    online: true,
    startedAt: T0,
    completedAt: T0 + 4000,
    poolSize,
    poolDigest: 'a'.repeat(64),
    clientCommitment: 'b'.repeat(64),
    clientSeed: 'c'.repeat(64),
    serverCommitment: 'd'.repeat(64),
    serverSeed: 'e'.repeat(64),
  }
}

export const federal5732: NonNullable<AtaInput['federal']> = {
  concurso: 5732,
  extractionAt: Date.UTC(2023, 0, 18, 22, 0, 0),
  rule: 'final-1-premio',
  digits: 3,
  prizes: ['50366', '33514', '45504', '94365', '51105'],
  lines: ['1º prêmio 50366 → final 366 → bilhete 366'],
}
