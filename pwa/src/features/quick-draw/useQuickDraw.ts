import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { errorText } from '@/components/ui/error-text'
import { clearToasts } from '@/components/ui/toast-control'
import { drawIndex, freshSeed } from '@/features/quick-draw/quick-pool'
import { cleanLine } from '@/protocol/text'

/** Spec: the 'Sorteando...' animation lasts 2 seconds before the winner appears. */
export const DRAW_DURATION_MS = 2000

export interface Participant {
  /** Local key only: two people may share a name. */
  id: number
  name: string
}

export type Phase = 'idle' | 'drawing' | 'done'

export type AddResult = 'added' | 'blank' | 'invalid'

/** The last person removed, and where they stood, for 'Desfazer'. */
export interface Removed {
  participant: Participant
  index: number
}

/**
 * State of the quick public draw: idle → drawing (2 s) → winner shown → 'Novo Sorteio' → idle.
 * `makeSeed` is for tests; the app always uses a fresh CSPRNG seed.
 */
export function useQuickDraw(makeSeed: () => Uint8Array = freshSeed) {
  const [participants, setParticipants] = useState<Participant[]>([])
  const [phase, setPhase] = useState<Phase>('idle')
  const [winner, setWinner] = useState<Participant | null>(null)
  const [removed, setRemoved] = useState<Removed | null>(null)
  const nextId = useRef(1)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  // Counts draws, so a result that arrives after 'Novo Sorteio' (or a newer draw) is dropped.
  const run = useRef(0)

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
      const participant = { id: nextId.current++, name }
      setParticipants((list) => [...list, participant])
      toast.success('Participante adicionado!', { description: `${name} foi adicionado ao sorteio.` })
      return 'added'
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

  const start = useCallback(() => {
    if (phase === 'drawing') return
    if (participants.length === 0) {
      toast.error('Adicione participantes', {
        description: 'Você precisa adicionar pelo menos um participante.',
      })
      return
    }
    // The pool is fixed when the draw starts; the list is locked while it runs.
    const pool = participants
    const current = ++run.current
    // A stale 'Participante adicionado!' must not cover the winner.
    clearToasts()
    setRemoved(null)
    setWinner(null)
    setPhase('drawing')
    clearTimer()
    // The winner is computed at once (a few milliseconds) but shown when the animation ends.
    const animation = new Promise<void>((resolve) => {
      timer.current = setTimeout(() => {
        timer.current = null
        resolve()
      }, DRAW_DURATION_MS)
    })
    Promise.all([drawIndex(pool.map((p) => p.name), makeSeed()), animation]).then(
      ([index]) => {
        if (run.current !== current) return
        setWinner(pool[index]!)
        setPhase('done')
      },
      (error: unknown) => {
        if (run.current !== current) return
        // Web Crypto exists only in secure contexts (https, localhost).
        toast.error('Não foi possível realizar o sorteio', { description: errorText(error) })
        setPhase('idle')
      },
    )
  }, [participants, phase, makeSeed, clearTimer])

  const reset = useCallback(() => {
    run.current++
    clearTimer()
    setParticipants([])
    setRemoved(null)
    setWinner(null)
    setPhase('idle')
  }, [clearTimer])

  return { participants, phase, winner, removed, add, remove, undo, start, reset }
}
