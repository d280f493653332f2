import type { ComponentProps, ReactNode } from 'react'
import { TextField } from '@/components/ui/TextField'
import { LIMITS } from '@/protocol/rules'

type FieldProps = Pick<ComponentProps<typeof TextField>, 'value' | 'error' | 'notice' | 'onChange' | 'onFocus' | 'onBlur'>

/** One position's prize: the same words and limit when a raffle is created and in its settings. */
export function PrizeField({ position, ...field }: FieldProps & { position: number }) {
  return (
    <TextField
      label={`${position}º prêmio`}
      name={`prize-${position}`}
      maxLength={LIMITS.maxPrize}
      placeholder={position === 1 ? 'Ex.: Bicicleta' : undefined}
      autoComplete="off"
      {...field}
    />
  )
}

/** The prizes of positions 1..n, one field each, under one heading. */
export function PrizeFieldset({ children }: { children: ReactNode }) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Prêmios (opcional)</legend>
      <p className="text-xs text-slate-500">Um por posição, até 120 caracteres. Aparecem no sorteio, no telão e no resultado.</p>
      {children}
    </fieldset>
  )
}
