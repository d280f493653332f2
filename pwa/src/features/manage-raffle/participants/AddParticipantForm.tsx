import { useEffect, useRef, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { errorField, errorText } from '@/components/ui/error-text'
import { PlusIcon } from '@/components/ui/icons'
import { TextField } from '@/components/ui/TextField'
import { usePastedList } from '@/components/ui/usePastedList'
import { addPeople } from '@/db/participants'
import type { RaffleRow } from '@/db/schema'
import { MAX_PHONE_INPUT } from '@/protocol/phone'
import { LIMITS } from '@/protocol/rules'

type Field = 'name' | 'email' | 'phone' | 'ticketNumber'
type FieldErrors = Partial<Record<Field, string>>

const FIELDS: readonly string[] = ['name', 'email', 'phone', 'ticketNumber'] satisfies Field[]

interface AddParticipantFormProps {
  userId: string
  raffle: RaffleRow
}

/**
 * One person at a time; the ticket number field exists only in ticket raffles (spec §5). A list
 * pasted into Nome adds one person a line after a confirmation (docs/import.md, "Pasted lists").
 */
export function AddParticipantForm({ userId, raffle }: AddParticipantFormProps) {
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [phone, setPhone] = useState('')
  const [ticketNumber, setTicketNumber] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const nameInput = useRef<HTMLInputElement>(null)
  const form = useRef<HTMLFormElement>(null)
  const withTickets = raffle.type === 'tickets'
  const pasted = usePastedList(async (people) => {
    try {
      const added = await addPeople(
        userId,
        raffle.id,
        people.map(({ name, quantity }) => ({ name, quantity })),
      )
      toast.success(`${people.length} participantes adicionados`, {
        description: withTickets && added > people.length ? `${added} bilhetes` : undefined,
      })
    } catch (error) {
      toast.error('Não foi possível adicionar a lista', { description: errorText(error) })
    }
    nameInput.current?.focus()
  })

  // Focus stays in Nome for the next person; a refusal shown under another field (a ticket number
  // already taken) is brought into view, or on a phone it could sit under the sync bar unseen.
  useEffect(() => {
    const field = form.current?.querySelector('[aria-invalid="true"]')
    const message = field && document.getElementById(field.getAttribute('aria-describedby')?.split(' ')[0] ?? '')
    message?.scrollIntoView?.({ block: 'nearest' })
  }, [errors])
  const locked = raffle.status !== 'pending'

  // The fields are cleared as Enter is pressed, with what was sent kept aside: whatever is typed
  // while the save runs belongs to the next person and must stay. Saves are local and queue in
  // order (one Dexie transaction each), so the form never waits for one before taking the next.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // Checked here too, so an empty name never reaches the repository or a toast.
    if (!name.trim()) {
      setErrors({ name: 'Nome é obrigatório' })
      nameInput.current?.focus()
      return
    }
    const sent = { name, email, phone, ticketNumber }
    setName('')
    setEmail('')
    setPhone('')
    setTicketNumber('')
    setErrors({})
    nameInput.current?.focus()
    try {
      await addPeople(userId, raffle.id, [{ name: sent.name, email: sent.email, phone: sent.phone, ticketNumber: withTickets ? sent.ticketNumber : null }])
      toast.success('Participante adicionado')
    } catch (error) {
      const field = errorField(error)
      // The refused person comes back into the form, unless the next one is already being typed.
      const restored = restoreIfEmpty(sent)
      if (restored && field && FIELDS.includes(field)) {
        setErrors({ [field]: errorText(error) })
      } else {
        toast.error('Não foi possível adicionar participante', { description: `${sent.name.trim()}: ${errorText(error)}` })
      }
    }
  }

  function restoreIfEmpty(sent: { name: string; email: string; phone: string; ticketNumber: string }): boolean {
    const input = nameInput.current
    // The DOM holds what was typed since, even before React re-renders.
    if (input && input.value !== '') return false
    setName(sent.name)
    setEmail(sent.email)
    setPhone(sent.phone)
    setTicketNumber(sent.ticketNumber)
    return true
  }

  function clearError(field: Field) {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current))
  }

  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-labelledby="add-participant-heading" className="space-y-4">
      <h2 id="add-participant-heading" className="font-semibold text-slate-900">
        Adicionar participante
      </h2>
      {locked && <p className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-600">O sorteio já começou: não é mais possível adicionar participantes.</p>}
      {/* E-mail and Telefone share a row even on a phone: a fourth row pushed 'Adicionar participante'
          under the toasts of a 360 × 640 screen. */}
      <div className={withTickets ? 'grid grid-cols-2 gap-x-3 gap-y-4 lg:grid-cols-[2fr_2fr_2fr_1fr]' : 'grid grid-cols-2 gap-x-3 gap-y-4 lg:grid-cols-3'}>
        <TextField
          ref={nameInput}
          className="col-span-2 lg:col-span-1"
          label="Nome"
          name="name"
          autoComplete="off"
          required
          maxLength={LIMITS.maxName}
          placeholder="Ex.: Maria Silva"
          value={name}
          error={errors.name ?? pasted.error}
          disabled={locked}
          onPaste={pasted.onPaste}
          onChange={(event) => {
            setName(event.target.value)
            clearError('name')
            pasted.clearError()
          }}
        />
        <TextField
          label="E-mail (opcional)"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="off"
          maxLength={LIMITS.maxEmail}
          placeholder="ana@email.com"
          className="[&_input]:placeholder:text-[13px] sm:[&_input]:placeholder:text-base"
          value={email}
          error={errors.email}
          disabled={locked}
          onChange={(event) => {
            setEmail(event.target.value)
            clearError('email')
          }}
        />
        <TextField
          label="Telefone (opcional)"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={MAX_PHONE_INPUT}
          placeholder="11 91234-5678"
          className="[&_input]:placeholder:text-[13px] sm:[&_input]:placeholder:text-base"
          value={phone}
          error={errors.phone}
          disabled={locked}
          onChange={(event) => {
            setPhone(event.target.value)
            clearError('phone')
          }}
        />
        {withTickets && (
          <TextField
            className="col-span-2 lg:col-span-1"
            label="Bilhete (opcional)"
            name="ticketNumber"
            autoComplete="off"
            maxLength={LIMITS.maxTicketNumber}
            placeholder="Ex.: 001"
            value={ticketNumber}
            error={errors.ticketNumber}
            disabled={locked}
            onChange={(event) => {
              setTicketNumber(event.target.value)
              clearError('ticketNumber')
            }}
          />
        )}
      </div>
      {/* Never disabled while saving: a disabled submit button would swallow the next Enter. */}
      <Button type="submit" disabled={locked} className="w-full sm:w-auto">
        <PlusIcon className="size-4" />
        Adicionar participante
      </Button>
      {pasted.dialog}
    </form>
  )
}
