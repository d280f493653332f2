import type { ComponentProps } from 'react'
import { TextField } from '@/components/ui/TextField'
import { LIMITS } from '@/protocol/rules'

/** What the form gives each field: its value, error and handlers; the rest is fixed here. */
type NumberFieldProps = Pick<ComponentProps<typeof TextField>, 'value' | 'error' | 'onChange' | 'onFocus' | 'onBlur'>

interface RaffleNumberFieldsProps {
  winners: NumberFieldProps
  countdown: NumberFieldProps
}

const SHARED_ROWS = 'sm:row-span-3 sm:grid sm:grid-rows-subgrid sm:space-y-0'

/** The two number settings, side by side on wider screens: the same words and limits when a
 *  raffle is created and when its settings are changed. */
export function RaffleNumberFields({ winners, countdown }: RaffleNumberFieldsProps) {
  return (
    // Side by side, each field's label, input and hint share rows (subgrid): a label that wraps
    // ('Contagem regressiva (segundos)' at some widths) no longer sets its input lower than the other.
    <div className="grid gap-5 sm:grid-cols-2 sm:grid-rows-[auto_auto_auto] sm:gap-y-1.5">
      <TextField
        className={SHARED_ROWS}
        label="Número de vencedores"
        name="winnersCount"
        type="number"
        inputMode="numeric"
        min={LIMITS.minWinners}
        max={LIMITS.maxWinners}
        hint="De 1 a 100."
        {...winners}
      />
      <TextField
        className={SHARED_ROWS}
        label="Contagem regressiva (segundos)"
        name="countdownSeconds"
        type="number"
        inputMode="numeric"
        min={0}
        max={LIMITS.maxCountdown}
        hint="De 0 a 300. Com 0, o sorteio acontece imediatamente, sem contagem."
        {...countdown}
      />
    </div>
  )
}
