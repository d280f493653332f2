// Public states for tests, shaped as the server sends them.
import type { PublicState, PublicWinner } from '@/protocol/public-state'

export const T0 = 1_763_900_000_000

export function publicState(overrides: Partial<PublicState> = {}): PublicState {
  return {
    seq: 1,
    server_time: T0,
    raffle: {
      code: 'ABC123',
      title: 'Rifa da quermesse',
      description: 'Prêmio: uma cesta',
      type: 'tickets',
      status: 'pending',
      winners_count: 2,
      countdown_seconds: 10,
      allow_duplicate_wins: false,
      drawn_at: null,
      created_at: T0 - 86_400_000,
    },
    counts: { people: 3, tickets: 5 },
    round: null,
    winners: [],
    names_sample: ['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Davi Reis'],
    ...overrides,
  }
}

export function winner(position: number, name: string, roundId = 'r1', extra: Partial<PublicWinner> = {}): PublicWinner {
  return {
    position,
    ticket_number: String(position).padStart(3, '0'),
    name,
    email: 'an***@g***.com',
    valid: true,
    invalidated_at: null,
    round_id: roundId,
    drawn_at: T0 + 10_500,
    ...extra,
  }
}

/** The state while round `r1` counts down (started at T0, ends 10 s later). */
export function countingDown(seq = 2): PublicState {
  const base = publicState()
  return {
    ...base,
    seq,
    raffle: { ...base.raffle, status: 'in_progress' },
    round: { id: 'r1', started_at: T0, countdown_ends_at: T0 + 10_000, offline: false, positions: [1, 2] },
  }
}

/** The state once round `r1` drew Bruno (1st) and Carla (2nd). */
export function drawn(seq = 3): PublicState {
  const base = publicState()
  return {
    ...base,
    seq,
    raffle: { ...base.raffle, status: 'completed', drawn_at: T0 + 10_500 },
    winners: [winner(2, 'Carla Dias'), winner(1, 'Bruno Lima')],
  }
}
