import { useState } from 'react'
import { TextField } from '@/components/ui/TextField'
import { MAX_QUICK_WINNERS } from '@/features/quick-draw/useQuickDraw'

interface WinnersCountFieldProps {
  count: number
  onChange: (count: number) => void
  disabled: boolean
}

/** How many winners one press of 'Sortear' draws: 1 to 100; what is being typed may be blank. */
export function WinnersCountField({ count, onChange, disabled }: WinnersCountFieldProps) {
  const [text, setText] = useState(String(count))
  const shown = Number(text) === count || text === '' ? text : String(count)
  const valid = /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_QUICK_WINNERS
  return (
    <TextField
      label="Vencedores por sorteio"
      name="winners"
      type="number"
      inputMode="numeric"
      min={1}
      max={MAX_QUICK_WINNERS}
      className="max-w-48"
      value={shown}
      disabled={disabled}
      error={text !== '' && !valid ? `Escolha de 1 a ${MAX_QUICK_WINNERS} vencedores.` : undefined}
      onChange={(event) => {
        const value = event.target.value
        setText(value)
        const n = Number(value)
        if (/^\d+$/.test(value) && n >= 1 && n <= MAX_QUICK_WINNERS) onChange(n)
      }}
      onBlur={() => setText(String(count))}
    />
  )
}
