import { useState, type ChangeEvent, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { errorField, errorText } from '@/components/ui/error-text'
import { PrizeField, PrizeFieldset } from '@/components/ui/PrizeFields'
import { AlternatesField, RaffleNumberFields } from '@/components/ui/RaffleNumberFields'
import { Switch } from '@/components/ui/Switch'
import { TextAreaField } from '@/components/ui/TextAreaField'
import { TextField } from '@/components/ui/TextField'
import { createRaffle } from '@/db/raffles'
import type { RaffleType } from '@/db/schema'
import { DEFAULT_ALTERNATES, DEFAULT_COUNTDOWN, DEFAULT_WINNERS, wholeNumberOr } from '@/features/create-raffle/form-values'
import { RaffleTypeField } from '@/features/create-raffle/RaffleTypeField'
import { prizePositions } from '@/protocol/prizes'
import { checkPrize, LIMITS } from '@/protocol/rules'

/** The first prize the rules refuse, with the reason, so it is shown beside its own field. */
function firstRefusedPrize(positions: number[], prizes: Record<number, string>): { position: number; message: string } | null {
  for (const position of positions) {
    try {
      checkPrize(prizes[position] ?? '')
    } catch (error) {
      return { position, message: errorText(error) }
    }
  }
  return null
}

type Field = 'title' | 'description' | 'winnersCount' | 'countdownSeconds' | 'alternatesCount'
type FieldErrors = Partial<Record<Field, string>>
const FIELDS: readonly string[] = ['title', 'description', 'winnersCount', 'countdownSeconds', 'alternatesCount'] satisfies Field[]

/**
 * The raffle is created on this device at once (and queued for the server), so this works
 * offline; the only failures are the rules (shown next to their field) and local storage errors.
 */
export function CreateRaffleForm({ userId }: { userId: string }) {
  const navigate = useNavigate()
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [type, setType] = useState<RaffleType>('simple')
  const [winners, setWinners] = useState(String(DEFAULT_WINNERS))
  const [countdown, setCountdown] = useState(String(DEFAULT_COUNTDOWN))
  const [alternates, setAlternates] = useState(String(DEFAULT_ALTERNATES))
  const [allowDuplicateWins, setAllowDuplicateWins] = useState(false)
  // By position; kept when the winners count goes down, so raising it again loses nothing typed.
  const [prizes, setPrizes] = useState<Record<number, string>>({})
  const [prizeErrors, setPrizeErrors] = useState<Record<number, string>>({})
  const [errors, setErrors] = useState<FieldErrors>({})
  const [saving, setSaving] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (saving) return
    const form = event.currentTarget
    const positions = prizePositions(wholeNumberOr(winners, DEFAULT_WINNERS))
    const refused = firstRefusedPrize(positions, prizes)
    if (refused) {
      setPrizeErrors({ [refused.position]: refused.message })
      form.querySelector<HTMLElement>(`[name="prize-${refused.position}"]`)?.focus()
      return
    }
    setSaving(true)
    setErrors({})
    try {
      const raffle = await createRaffle(userId, {
        prizes: positions.map((position) => ({ position, name: prizes[position] ?? '' })),
        title,
        description,
        type,
        winnersCount: wholeNumberOr(winners, DEFAULT_WINNERS),
        countdownSeconds: wholeNumberOr(countdown, DEFAULT_COUNTDOWN),
        alternatesCount: wholeNumberOr(alternates, DEFAULT_ALTERNATES),
        allowDuplicateWins,
      })
      toast.success('Sorteio criado!', { description: `Código: ${raffle.code}` })
      navigate(`/gerenciar/${raffle.id}`)
    } catch (error) {
      const field = errorField(error)
      if (field && FIELDS.includes(field)) {
        setErrors({ [field]: errorText(error) })
        form.querySelector<HTMLElement>(`[name="${field}"]`)?.focus()
      } else {
        toast.error('Erro ao criar sorteio', { description: errorText(error) })
      }
      setSaving(false)
    }
  }

  // Each field's value, error and typing: what is typed clears the field's error.
  const edit = (field: Field, value: string, set: (text: string) => void) => ({
    value,
    error: errors[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      set(e.target.value)
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current))
    },
  })

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField label="Título" name="title" required maxLength={LIMITS.maxTitle} placeholder="Ex.: Rifa de Natal da Escola" {...edit('title', title, setTitle)} />
      <TextAreaField
        label="Descrição (opcional)"
        name="description"
        maxLength={LIMITS.maxDescription}
        placeholder="Prêmios, regras, data do sorteio..."
        {...edit('description', description, setDescription)}
      />
      <RaffleTypeField value={type} onChange={setType} />
      <RaffleNumberFields winners={edit('winnersCount', winners, setWinners)} countdown={edit('countdownSeconds', countdown, setCountdown)} />
      <PrizeFieldset>
        {prizePositions(wholeNumberOr(winners, DEFAULT_WINNERS)).map((position) => (
          <PrizeField
            key={position}
            position={position}
            value={prizes[position] ?? ''}
            error={prizeErrors[position]}
            onChange={(e) => {
              const text = e.target.value
              setPrizes((current) => ({ ...current, [position]: text }))
              setPrizeErrors((current) => (current[position] ? { ...current, [position]: undefined } : current) as Record<number, string>)
            }}
          />
        ))}
      </PrizeFieldset>
      <AlternatesField {...edit('alternatesCount', alternates, setAlternates)} />
      <Switch
        label="Permitir que a mesma pessoa ganhe mais de uma vez"
        description="Quando desligado, os outros bilhetes de quem já ganhou saem do sorteio."
        checked={allowDuplicateWins}
        onChange={setAllowDuplicateWins}
      />
      {/* The main action first, in the DOM as on screen (above on a phone, on the left on wider
          screens), so Tab meets the buttons in the order they are seen. */}
      <div className="flex flex-col gap-2 pt-2 sm:flex-row">
        <Button type="submit" loading={saving}>
          Criar Sorteio
        </Button>
        <ButtonLink to="/dashboard" variant="outline">
          Cancelar
        </ButtonLink>
      </div>
    </form>
  )
}
