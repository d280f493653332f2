import { useRef, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { PlusIcon } from '@/components/ui/icons'
import { TextField } from '@/components/ui/TextField'

interface AddParticipantFormProps {
  onAdd: (name: string) => boolean
  disabled: boolean
}

/** One name at a time; Enter submits, and focus stays in the field for the next name. */
export function AddParticipantForm({ onAdd, disabled }: AddParticipantFormProps) {
  const [name, setName] = useState('')
  const input = useRef<HTMLInputElement>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (onAdd(name)) setName('')
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
        onChange={(event) => setName(event.target.value)}
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
