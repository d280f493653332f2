import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { pickOne, type RandomSource } from '@/lib/random'

/** Spec: the 'Sorteando...' animation lasts 2 seconds before the winner appears. */
export const DRAW_DURATION_MS = 2000

export interface Participant {
  /** Local key only: two people may share a name. */
  id: number
  name: string
}

export type Phase = 'idle' | 'drawing' | 'done'

/** State of the quick public draw: idle → drawing (2 s) → winner shown → 'Novo Sorteio' → idle. */
export function useQuickDraw(source?: RandomSource) {
  const [participants, setParticipants] = useState<Participant[]>([])
  const [phase, setPhase] = useState<Phase>('idle')
  const [winner, setWinner] = useState<Participant | null>(null)
  const nextId = useRef(1)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  const clearTimer = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current)
    timer.current = null
  }, [])

  useEffect(() => clearTimer, [clearTimer])

  /** Adds a name; returns false (and changes nothing) when it is blank after trimming. */
  const add = useCallback(
    (raw: string) => {
      const name = raw.trim()
      if (!name || phase !== 'idle') return false
      const participant = { id: nextId.current++, name }
      setParticipants((list) => [...list, participant])
      toast.success('Participante adicionado!', { description: `${name} foi adicionado ao sorteio.` })
      return true
    },
    [phase],
  )

  const remove = useCallback(
    (id: number) => {
      if (phase !== 'idle') return
      setParticipants((list) => list.filter((p) => p.id !== id))
    },
    [phase],
  )

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
    setWinner(null)
    setPhase('drawing')
    clearTimer()
    timer.current = setTimeout(() => {
      timer.current = null
      setWinner(pickOne(pool, source))
      setPhase('done')
    }, DRAW_DURATION_MS)
  }, [participants, phase, source, clearTimer])

  const reset = useCallback(() => {
    clearTimer()
    setParticipants([])
    setWinner(null)
    setPhase('idle')
  }, [clearTimer])

  return { participants, phase, winner, add, remove, start, reset }
}
