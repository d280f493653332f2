// The ata tests' one online round, started at T0 (26/11/2026, 10:00 in Brasília) and completed
// 4 s later, with seeds and commitments of repeated hex digits.
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
