import { useEffect, useRef, useState } from 'react'
import { Spinner } from '@/components/ui/Spinner'
import type { Participant } from '@/features/quick-draw/useQuickDraw'

const SHUFFLE_MS = 100

interface DrawingAnimationProps {
  participants: readonly Participant[]
}

/**
 * Cycles through the names while the draw runs. Purely visual: the winner is chosen separately by
 * sorteio-v1 from a crypto seed, so a simple rotation is enough here.
 */
export function DrawingAnimation({ participants }: DrawingAnimationProps) {
  const [tick, setTick] = useState(0)
  useEffect(() => {
    const interval = setInterval(() => setTick((t) => t + 1), SHUFFLE_MS)
    return () => clearInterval(interval)
  }, [])
  const shown = participants.length > 0 ? participants[tick % participants.length]?.name : ''
  // 'Sortear' is disabled while this runs: focus would fall to the page's start. It waits here, then
  // moves on to the winner.
  const status = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    status.current?.focus()
  }, [])

  return (
    <div className="flex flex-col items-center gap-3 py-4 text-center">
      <Spinner className="size-8 text-brand-700" />
      <p ref={status} tabIndex={-1} className="text-lg font-semibold text-brand-800">
        Sorteando...
      </p>
      <p aria-hidden="true" className="h-9 max-w-full truncate text-2xl font-bold text-slate-500 motion-reduce:invisible">
        {shown}
      </p>
    </div>
  )
}
