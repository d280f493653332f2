import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { errorText } from '@/components/ui/error-text'
import { clearToasts } from '@/components/ui/toast-control'
import { participantCount } from '@/features/quick-draw/format'
import { drawEntries, freshSeed } from '@/features/quick-draw/quick-pool'
import { loadQuickState, saveQuickState, type Participant, type QuickState, type Round } from '@/features/quick-draw/quick-store'
import type { PastedPerson } from '@/protocol/import/paste'
import { cleanLine } from '@/protocol/text'

export type { Participant, Round } from '@/features/quick-draw/quick-store'

/** Spec: the 'Sorteando...' animation lasts 2 seconds before the winner appears. */
export const DRAW_DURATION_MS = 2000
/** As many winners at once as an organiser's raffle allows. */
export const MAX_QUICK_WINNERS = 100

export type Phase = 'idle' | 'drawing' | 'done'

/** After 'Novo Sorteio', with 'Desfazer' beside it: a pasted list and every result were one tap from gone. */
export const CLEARED_TEXT = 'Lista e resultados apagados.'

export type AddResult = 'added' | 'blank' | 'invalid'

/** The last person removed, and where they stood, for 'Desfazer'. */
export interface Removed {
  participant: Participant
  index: number
}

/**
 * State of the quick public draw: idle → drawing (2 s) → winners shown → 'Sortear novamente' (the
 * earlier winners left out) or 'Novo Sorteio' → idle with an empty list. The list, the winners per
 * draw and the results are kept on the device (quick-store.ts) until 'Novo Sorteio'.
 * `makeSeed` is for tests; the app always uses a fresh CSPRNG seed.
 */
export function useQuickDraw(makeSeed: () => Uint8Array = freshSeed) {
  const [kept] = useState(loadQuickState)
  const [participants, setParticipants] = useState<Participant[]>(kept.participants)
  const [rounds, setRounds] = useState<Round[]>(kept.rounds)
  const [count, setCount] = useState(kept.count)
  const [times, setTimes] = useState<number[]>(kept.times ?? [])
  const [phase, setPhase] = useState<Phase>(kept.rounds.length > 0 ? 'done' : 'idle')
  const [removed, setRemoved] = useState<Removed | null>(null)
  // What 'Novo Sorteio' wiped (a pasted list, every result), offered back with 'Desfazer' until the
  // next name or draw.
  const [cleared, setCleared] = useState<QuickState | null>(null)
  const nextId = useRef(Math.max(0, ...kept.participants.map((p) => p.id)) + 1)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  // Counts draws, so a result that arrives after 'Novo Sorteio' (or a newer draw) is dropped.
  const run = useRef(0)

  useEffect(() => saveQuickState({ participants, rounds, count, times } satisfies QuickState), [participants, rounds, count, times])

  const clearTimer = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current)
    timer.current = null
  }, [])

  useEffect(() => clearTimer, [clearTimer])

  /**
   * Adds a name, cleaned by the text rule as an organiser's names are. 'blank' (nothing to add after
   * trimming, or not now) and 'invalid' (characters the rule refuses, e.g. one that reverses the
   * text's direction) change nothing.
   */
  const add = useCallback(
    (raw: string): AddResult => {
      const name = cleanLine(raw)
      if (name === null) return 'invalid'
      if (!name || phase !== 'idle') return 'blank'
      const participant = { id: nextId.current++, name, quantity: 1 }
      setCleared(null)
      setParticipants((list) => [...list, participant])
      toast.success('Participante adicionado!', { description: `${name} foi adicionado ao sorteio.` })
      return 'added'
    },
    [phase],
  )

  /** Adds a pasted list (already read and confirmed), in its order. */
  const addMany = useCallback(
    (people: readonly PastedPerson[]) => {
      if (phase !== 'idle' || people.length === 0) return
      const added = people.map(({ name, quantity }) => ({ id: nextId.current++, name, quantity }))
      setCleared(null)
      setParticipants((list) => [...list, ...added])
      toast.success(`${participantCount(added.length)} ${added.length === 1 ? 'adicionado' : 'adicionados'}`)
    },
    [phase],
  )

  // A removal is one click, so it can be undone (a typed name is never lost to a slip) until the
  // next removal or the draw.
  const remove = useCallback(
    (id: number) => {
      if (phase !== 'idle') return
      const index = participants.findIndex((p) => p.id === id)
      if (index < 0) return
      setRemoved({ participant: participants[index]!, index })
      setParticipants(participants.filter((p) => p.id !== id))
    },
    [participants, phase],
  )

  const undo = useCallback(() => {
    if (!removed || phase !== 'idle') return
    const list = [...participants]
    list.splice(Math.min(removed.index, list.length), 0, removed.participant)
    setParticipants(list)
    setRemoved(null)
  }, [participants, phase, removed])

  /** 'Sortear', and after a result 'Sortear novamente': `count` winners among those who have not won. */
  const start = useCallback(() => {
    if (phase === 'drawing') return
    if (participants.length === 0) {
      toast.error('Adicione participantes', {
        description: 'Você precisa adicionar pelo menos um participante.',
      })
      return
    }
    const won = new Set(rounds.flat().map((p) => p.id))
    // The pool is fixed when the draw starts; the list is locked while it runs.
    const pool = participants.filter((p) => !won.has(p.id))
    if (pool.length < count) {
      toast.error('Não há participantes suficientes', {
        description:
          pool.length === 0
            ? 'Todos os participantes já foram sorteados. Use Novo Sorteio para começar outra lista.'
            : `Só ${participantCount(pool.length)} ainda não ${pool.length === 1 ? 'foi sorteado' : 'foram sorteados'}: diminua o número de vencedores.`,
      })
      return
    }
    const current = ++run.current
    // A stale 'Participante adicionado!' must not cover the winner.
    clearToasts()
    setRemoved(null)
    setCleared(null)
    setPhase('drawing')
    clearTimer()
    // The winners are computed at once (a few milliseconds) but shown when the animation ends.
    const animation = new Promise<void>((resolve) => {
      timer.current = setTimeout(() => {
        timer.current = null
        resolve()
      }, DRAW_DURATION_MS)
    })
    Promise.all([drawEntries(pool, count, makeSeed()), animation]).then(
      ([indexes]) => {
        if (run.current !== current) return
        setRounds((list) => [...list, indexes.map((i) => pool[i]!)])
        setTimes((list) => [...list, Date.now()])
        setPhase('done')
      },
      (error: unknown) => {
        if (run.current !== current) return
        // Web Crypto exists only in secure contexts (https, localhost).
        toast.error('Não foi possível realizar o sorteio', { description: errorText(error) })
        setPhase(rounds.length > 0 ? 'done' : 'idle')
      },
    )
  }, [participants, rounds, count, phase, makeSeed, clearTimer])

  const reset = useCallback(() => {
    run.current++
    clearTimer()
    if (participants.length > 0 || rounds.length > 0) setCleared({ participants, rounds, count, times })
    setParticipants([])
    setRounds([])
    setTimes([])
    setCount(1)
    setRemoved(null)
    setPhase('idle')
  }, [clearTimer, participants, rounds, count, times])

  /** 'Desfazer' after 'Novo Sorteio': the list, the results and the winners per draw, as they were. */
  const restore = useCallback(() => {
    if (!cleared || phase === 'drawing') return
    setParticipants(cleared.participants)
    setRounds(cleared.rounds)
    setCount(cleared.count)
    setTimes(cleared.times ?? [])
    setPhase(cleared.rounds.length > 0 ? 'done' : 'idle')
    setCleared(null)
  }, [cleared, phase])

  const latest = rounds[rounds.length - 1]
  return {
    participants,
    phase,
    /** The latest draw's first winner (the one winner of a one-winner draw). */
    winner: latest?.[0] ?? null,
    rounds,
    /** When each draw was made, one per round (empty for results kept before times were). */
    times,
    count,
    setCount,
    removed,
    add,
    addMany,
    remove,
    undo,
    start,
    reset,
    /** Set after 'Novo Sorteio' until the next name or draw: what 'Desfazer' brings back. */
    cleared: cleared !== null,
    restore,
  }
}
