import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { errorField, errorText } from '@/components/ui/error-text'
import { PrizeField, PrizeFieldset } from '@/components/ui/PrizeFields'
import { RaffleNumberFields } from '@/components/ui/RaffleNumberFields'
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

  const clear = (field: Field) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current))

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField
        label="Título"
        name="title"
        required
        maxLength={LIMITS.maxTitle}
        placeholder="Ex.: Rifa de Natal da Escola"
        value={title}
        error={errors.title}
        onChange={(e) => {
          setTitle(e.target.value)
          clear('title')
        }}
      />
      <TextAreaField
        label="Descrição (opcional)"
        name="description"
        maxLength={LIMITS.maxDescription}
        placeholder="Prêmios, regras, data do sorteio..."
        value={description}
        error={errors.description}
        onChange={(e) => {
          setDescription(e.target.value)
          clear('description')
        }}
      />
      <RaffleTypeField value={type} onChange={setType} />
      <RaffleNumberFields
        winners={{
          value: winners,
          error: errors.winnersCount,
          onChange: (e) => {
            setWinners(e.target.value)
            clear('winnersCount')
          },
        }}
        countdown={{
          value: countdown,
          error: errors.countdownSeconds,
          onChange: (e) => {
            setCountdown(e.target.value)
            clear('countdownSeconds')
          },
        }}
      />
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
      <TextField
        label="Número de suplentes"
        name="alternatesCount"
        type="number"
        inputMode="numeric"
        min={0}
        max={LIMITS.maxAlternates}
        hint="De 0 a 10. Sorteados na mesma rodada, depois dos vencedores, para substituir quem for invalidado."
        value={alternates}
        error={errors.alternatesCount}
        onChange={(e) => {
          setAlternates(e.target.value)
          clear('alternatesCount')
        }}
      />
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
