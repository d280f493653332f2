import { useState } from 'react'
import { toast } from 'sonner'
import { Card } from '@/components/ui/Card'
import { errorField, errorText } from '@/components/ui/error-text'
import { LockIcon } from '@/components/ui/icons'
import { AlternatesField, RaffleNumberFields } from '@/components/ui/RaffleNumberFields'
import { Switch } from '@/components/ui/Switch'
import { TextAreaField } from '@/components/ui/TextAreaField'
import { TextField } from '@/components/ui/TextField'
import { updateRaffle, type RaffleSettings } from '@/db/raffles'
import type { RaffleRow } from '@/db/schema'
import { FederalSettings } from '@/features/manage-raffle/settings/FederalSettings'
import { PrizeSettings } from '@/features/manage-raffle/settings/PrizeSettings'
import { useSettingField } from '@/features/manage-raffle/settings/useSettingField'
import { RAFFLE_TYPE_LABEL } from '@/lib/raffle-text'
import { LIMITS } from '@/protocol/rules'

/** A blank number field is a mistake, not zero: it is refused like any other invalid number. */
function toNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text)
}

const sameText = (text: string, stored: string) => text.trim() === stored.trim()
const sameNumber = (text: string, stored: string) => toNumber(text) === Number(stored)

interface SettingsTabProps {
  userId: string
  raffle: RaffleRow
}

/** Each setting is saved when its field loses focus (or the toggle flips), only if it changed. */
export function SettingsTab({ userId, raffle }: SettingsTabProps) {
  const locked = raffle.status !== 'pending'
  const [togglePending, setTogglePending] = useState(false)

  async function save(settings: RaffleSettings) {
    try {
      await updateRaffle(userId, raffle.id, settings)
      toast.success('Sorteio atualizado')
    } catch (error) {
      // A value the rules refuse is explained next to its field; a toast would read as a refusal
      // from the server.
      if (!errorField(error)) toast.error('Não foi possível atualizar sorteio', { description: errorText(error) })
      throw error
    }
  }

  const title = useSettingField({ stored: raffle.title, same: sameText, onError: errorText, save: (text) => save({ title: text }) })
  const description = useSettingField({
    stored: raffle.description,
    same: sameText,
    onError: errorText,
    save: (text) => save({ description: text }),
  })
  const winners = useSettingField({
    stored: String(raffle.winnersCount),
    same: sameNumber,
    onError: errorText,
    save: (text) => save({ winnersCount: toNumber(text) }),
  })
  const countdown = useSettingField({
    stored: String(raffle.countdownSeconds),
    same: sameNumber,
    onError: errorText,
    save: (text) => save({ countdownSeconds: toNumber(text) }),
  })
  const alternates = useSettingField({
    stored: String(raffle.alternatesCount ?? 0),
    same: sameNumber,
    onError: errorText,
    save: (text) => save({ alternatesCount: toNumber(text) }),
  })

  return (
    <Card>
      <h2 className="font-semibold text-slate-900">Configurações</h2>
      {locked ? (
        <p className="mt-3 flex gap-2 rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-700">
          <LockIcon className="mt-0.5 size-4 shrink-0" />
          <span>O sorteio já começou, então as configurações não podem mais ser alteradas: assim o resultado segue exatamente as regras anunciadas.</span>
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">As alterações são salvas ao sair de cada campo.</p>
      )}
      <fieldset disabled={locked} className="mt-5 space-y-5">
        <legend className="sr-only">Configurações do sorteio</legend>
        <TextField label="Título" name="title" required maxLength={LIMITS.maxTitle} {...title} />
        <TextAreaField label="Descrição" name="description" maxLength={LIMITS.maxDescription} {...description} />
        <RaffleNumberFields winners={winners} countdown={countdown} />
        <PrizeSettings raffle={raffle} save={save} onError={errorText} />
        <AlternatesField {...alternates} />
        <Switch
          label="Permitir que a mesma pessoa ganhe mais de uma vez"
          description="Quando desligado, os outros bilhetes de quem já ganhou saem do sorteio."
          checked={raffle.allowDuplicateWins}
          disabled={locked || togglePending}
          onChange={(checked) => {
            // Off while saving: a second quick click would read the old stored value and save it again.
            setTogglePending(true)
            void save({ allowDuplicateWins: checked })
              .catch(() => {})
              .finally(() => setTogglePending(false))
          }}
        />
        {raffle.type === 'tickets' && <FederalSettings raffle={raffle} save={save} />}
        <p className="text-sm text-slate-600">
          Tipo: <span className="font-medium text-slate-800">{RAFFLE_TYPE_LABEL[raffle.type]}</span> <span className="text-slate-500">(definido na criação)</span>
        </p>
      </fieldset>
    </Card>
  )
}
