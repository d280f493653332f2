import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { PlusIcon } from '@/components/ui/icons'
import { TextField } from '@/components/ui/TextField'
import type { AddResult } from '@/features/quick-draw/useQuickDraw'
import { REASON_MESSAGES } from '@/protocol/rules'

interface AddParticipantFormProps {
  onAdd: (name: string) => AddResult
  disabled: boolean
  /** Focus the field when shown (after 'Novo Sorteio': the next thing to do is type a name). */
  focusOnMount?: boolean
}

/**
 * One name at a time; Enter submits, and focus stays in the field for the next name. A name the text
 * rule refuses stays in the field with the reason under it.
 */
export function AddParticipantForm({ onAdd, disabled, focusOnMount = false }: AddParticipantFormProps) {
  const [name, setName] = useState('')
  const [error, setError] = useState<string | undefined>()
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (focusOnMount) input.current?.focus()
  }, [focusOnMount])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const result = onAdd(name)
    if (result === 'added') setName('')
    setError(result === 'invalid' ? REASON_MESSAGES.text_invalid : undefined)
    input.current?.focus()
  }

  return (
    <form onSubmit={onSubmit}>
      <TextField
        ref={input}
        label="Nome do participante"
        name="participant"
        placeholder="Ex.: Maria Silva"
        autoComplete="off"
        maxLength={100}
        value={name}
        onChange={(event) => {
          setName(event.target.value)
          setError(undefined)
        }}
        error={error}
        disabled={disabled}
        trailing={
          <Button type="submit" disabled={disabled} className="shrink-0">
            <PlusIcon className="size-4" />
            Adicionar
          </Button>
        }
      />
    </form>
  )
}
