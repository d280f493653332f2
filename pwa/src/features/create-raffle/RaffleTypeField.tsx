import { useId } from 'react'
import type { RaffleType } from '@/db/schema'
import { cn } from '@/lib/cn'
import { RAFFLE_TYPE_LABEL } from '@/lib/raffle-text'

const OPTIONS: ReadonlyArray<{ value: RaffleType; label: string; hint: string }> = [
  { value: 'simple', label: RAFFLE_TYPE_LABEL.simple, hint: 'Sorteio por nome: cada pessoa participa com o seu nome.' },
  { value: 'tickets', label: RAFFLE_TYPE_LABEL.tickets, hint: 'Cada pessoa pode ter um ou mais bilhetes numerados.' },
]

interface RaffleTypeFieldProps {
  value: RaffleType
  onChange: (value: RaffleType) => void
}

/** Native radio buttons styled as cards: arrow keys, labels and focus come from the browser. */
export function RaffleTypeField({ value, onChange }: RaffleTypeFieldProps) {
  const id = useId()
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Tipo de sorteio</legend>
      <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
        {OPTIONS.map((option) => {
          const checked = option.value === value
          return (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-800',
                checked ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name="type"
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                aria-describedby={`${id}-${option.value}`}
                className="mt-0.5 size-4 shrink-0 accent-brand-700 focus-visible:outline-none"
              />
              <span>
                <span className="block text-sm font-semibold text-slate-900">{option.label}</span>
                {/* Read as the radio's description, not as part of its name. */}
                <span id={`${id}-${option.value}`} aria-hidden="true" className="block text-xs text-slate-600">
                  {option.hint}
                </span>
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
