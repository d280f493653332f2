import type { ComponentProps } from 'react'
import { TextField } from '@/components/ui/TextField'
import { LIMITS } from '@/protocol/rules'

/** What the form gives each field: its value, error and handlers; the rest is fixed here. */
type NumberFieldProps = Pick<ComponentProps<typeof TextField>, 'value' | 'error' | 'notice' | 'onChange' | 'onFocus' | 'onBlur'>

/** The raffle's number settings: the same words and limits when a raffle is created and when its settings are changed. */
const NUMBER_SETTINGS = {
  winnersCount: { label: 'Número de vencedores', min: LIMITS.minWinners, max: LIMITS.maxWinners, hint: 'De 1 a 100.' },
  countdownSeconds: {
    label: 'Contagem regressiva (segundos)',
    min: 0,
    max: LIMITS.maxCountdown,
    hint: 'De 0 a 300. Com 0, o sorteio acontece imediatamente, sem contagem.',
  },
  alternatesCount: {
    label: 'Número de suplentes',
    min: 0,
    max: LIMITS.maxAlternates,
    hint: 'De 0 a 10. Sorteados na mesma rodada, depois dos vencedores, para substituir quem for invalidado.',
  },
} as const

function NumberSetting({ name, className, ...field }: NumberFieldProps & { name: keyof typeof NUMBER_SETTINGS; className?: string }) {
  return <TextField className={className} name={name} type="number" inputMode="numeric" {...NUMBER_SETTINGS[name]} {...field} />
}

interface RaffleNumberFieldsProps {
  winners: NumberFieldProps
  countdown: NumberFieldProps
}

const SHARED_ROWS = 'sm:row-span-3 sm:grid sm:grid-rows-subgrid sm:space-y-0'

/** The winners and the countdown, side by side on wider screens. */
export function RaffleNumberFields({ winners, countdown }: RaffleNumberFieldsProps) {
  return (
    // Side by side, each field's label, input and hint share rows (subgrid): a label that wraps
    // ('Contagem regressiva (segundos)' at some widths) no longer sets its input lower than the other.
    <div className="grid gap-5 sm:grid-cols-2 sm:grid-rows-[auto_auto_auto] sm:gap-y-1.5">
      <NumberSetting className={SHARED_ROWS} name="winnersCount" {...winners} />
      <NumberSetting className={SHARED_ROWS} name="countdownSeconds" {...countdown} />
    </div>
  )
}

/** 'Número de suplentes', below the prizes. */
export function AlternatesField(props: NumberFieldProps) {
  return <NumberSetting name="alternatesCount" {...props} />
}
