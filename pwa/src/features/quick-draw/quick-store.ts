// The quick draw's list and results, kept on this device until 'Novo Sorteio': a phone that locks
// or a reload must not lose a list typed at a party. localStorage, not IndexedDB: the quick draw is
// anonymous and small (a few hundred names), and it must be there on the first render.
import type { QuickEntry } from '@/features/quick-draw/quick-pool'

export interface Participant extends QuickEntry {
  /** Local key only: two people may share a name. */
  id: number
}

/** One press of 'Sortear' or 'Sortear novamente': its winners in the order drawn. */
export type Round = Participant[]

export interface QuickState {
  participants: Participant[]
  rounds: Round[]
  /** Winners per draw. */
  count: number
  /** When each draw was made (Unix ms, this device's clock), one per round; absent in lists kept before. */
  times?: number[]
}

const KEY = 'sorteio:quick-draw'
export const EMPTY: QuickState = { participants: [], rounds: [], count: 1 }

const isParticipant = (p: unknown): p is Participant => {
  const o = p as Participant
  return typeof o?.id === 'number' && typeof o.name === 'string' && Number.isInteger(o.quantity) && o.quantity >= 1
}

/** The kept state, or an empty one when there is none or it is not what this code wrote. */
export function loadQuickState(): QuickState {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as QuickState | null
    if (!raw || !Array.isArray(raw.participants) || !Array.isArray(raw.rounds) || !Number.isInteger(raw.count)) return EMPTY
    if (!raw.participants.every(isParticipant) || !raw.rounds.every((r) => Array.isArray(r) && r.every(isParticipant))) return EMPTY
    const times = Array.isArray(raw.times) && raw.times.length === raw.rounds.length && raw.times.every(Number.isFinite) ? raw.times : undefined
    return { participants: raw.participants, rounds: raw.rounds, count: Math.max(1, raw.count), ...(times ? { times } : {}) }
  } catch {
    return EMPTY
  }
}

/** Keeps the state; an empty one removes the key. A full or refused storage keeps it in memory only. */
export function saveQuickState(state: QuickState): void {
  try {
    if (state.participants.length === 0 && state.rounds.length === 0 && state.count === 1) localStorage.removeItem(KEY)
    else localStorage.setItem(KEY, JSON.stringify(state))
  } catch {
    // Private browsing or a full quota: the draw still works, it is just not kept.
  }
}
