import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { PlusIcon } from '@/components/ui/icons'
import { TextField } from '@/components/ui/TextField'
import { usePastedList } from '@/components/ui/usePastedList'
import type { AddResult } from '@/features/quick-draw/useQuickDraw'
import type { PastedPerson } from '@/protocol/import/paste'
import { REASON_MESSAGES } from '@/protocol/rules'

interface AddParticipantFormProps {
  onAdd: (name: string) => AddResult
  /** A pasted list of several lines, confirmed. */
  onAddMany: (people: PastedPerson[]) => void
  disabled: boolean
  /** Focus the field when shown (after 'Novo Sorteio': the next thing to do is type a name). */
  focusOnMount?: boolean
}

/**
 * One name at a time; Enter submits, and focus stays in the field for the next name. A name the text
 * rule refuses stays in the field with the reason under it. A pasted list of several lines becomes
 * one participant a line after a confirmation.
 */
export function AddParticipantForm({ onAdd, onAddMany, disabled, focusOnMount = false }: AddParticipantFormProps) {
  const [name, setName] = useState('')
  const [error, setError] = useState<string | undefined>()
  const input = useRef<HTMLInputElement>(null)
  const pasted = usePastedList((people) => {
    onAddMany(people)
    input.current?.focus()
  })

  useEffect(() => {
    if (focusOnMount) input.current?.focus()
  }, [focusOnMount])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const result = onAdd(name)
    if (result === 'added') setName('')
    setError(result === 'invalid' ? REASON_MESSAGES.text_invalid : undefined)
    pasted.clearError()
    input.current?.focus()
  }

  return (
    <>
      <form onSubmit={onSubmit}>
        <TextField
          ref={input}
          label="Nome do participante"
          name="participant"
          placeholder="Ex.: Maria Silva"
          hint="Para vários nomes, cole uma lista com um nome por linha."
          autoComplete="off"
          maxLength={100}
          value={name}
          onChange={(event) => {
            setName(event.target.value)
            setError(undefined)
            pasted.clearError()
          }}
          onPaste={pasted.onPaste}
          error={error ?? pasted.error}
          disabled={disabled}
          trailing={
            <Button type="submit" disabled={disabled} className="shrink-0">
              <PlusIcon className="size-4" />
              Adicionar
            </Button>
          }
        />
      </form>
      {pasted.dialog}
    </>
  )
}
