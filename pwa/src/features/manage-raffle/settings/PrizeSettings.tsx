import { PrizeField, PrizeFieldset } from '@/components/ui/PrizeFields'
import type { RaffleSettings } from '@/db/raffles'
import type { RaffleRow } from '@/db/schema'
import { useSettingField } from '@/features/manage-raffle/settings/useSettingField'
import { prizeOf, prizePositions } from '@/protocol/prizes'

interface PrizeSettingsProps {
  raffle: RaffleRow
  save: (settings: RaffleSettings) => Promise<void>
  onError: (error: unknown) => string
}

const sameText = (text: string, stored: string) => text.trim() === stored.trim()

/** One field per position, each saved on blur as its own setting (the server keeps the last writer per position). */
export function PrizeSettings({ raffle, save, onError }: PrizeSettingsProps) {
  return (
    <PrizeFieldset>
      {prizePositions(raffle.winnersCount).map((position) => (
        <PrizeSetting key={position} position={position} stored={prizeOf(raffle.prizes, position)} save={save} onError={onError} />
      ))}
    </PrizeFieldset>
  )
}

interface PrizeSettingProps {
  position: number
  stored: string
  save: PrizeSettingsProps['save']
  onError: PrizeSettingsProps['onError']
}

function PrizeSetting({ position, stored, save, onError }: PrizeSettingProps) {
  const field = useSettingField({ stored, same: sameText, onError, save: (text) => save({ prizes: [{ position, name: text }] }) })
  return <PrizeField position={position} {...field} />
}
