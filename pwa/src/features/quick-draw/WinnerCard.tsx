import { useEffect, useRef } from 'react'
import { Button } from '@/components/ui/Button'
import { RefreshIcon, TrophyIcon } from '@/components/ui/icons'
import { participantCount } from '@/features/quick-draw/format'

interface WinnerCardProps {
  name: string
  total: number
  onReset: () => void
}

export function WinnerCard({ name, total, onReset }: WinnerCardProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  // Move focus to the result so keyboard and screen-reader users land on it.
  useEffect(() => {
    heading.current?.focus()
  }, [])

  return (
    <div className="flex animate-pop flex-col items-center py-2 text-center">
      <div className="flex size-16 items-center justify-center rounded-full bg-amber-100 text-amber-600">
        <TrophyIcon className="size-8" />
      </div>
      <h2 ref={heading} tabIndex={-1} className="mt-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
        Vencedor
      </h2>
      <p className="mt-1 max-w-full text-3xl font-extrabold wrap-anywhere text-brand-800 sm:text-4xl" data-testid="winner">
        {name}
      </p>
      <p className="mt-2 text-sm text-slate-500">Sorteado entre {participantCount(total)}.</p>
      <Button onClick={onReset} variant="outline" size="lg" className="mt-6 w-full sm:w-auto">
        <RefreshIcon className="size-4" />
        Novo Sorteio
      </Button>
    </div>
  )
}
