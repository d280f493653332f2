import type { BadgeTone } from '@/components/ui/Badge'
import type { RaffleStatus, RaffleType } from '@/db/schema'
import { RAFFLE_TYPE_LABEL } from '@/lib/raffle-text'

/** The dashboard's wording (the manage screen says 'Aguardando' etc.; the spec keeps both). */
export const STATUS: Record<RaffleStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pendente', tone: 'warning' },
  in_progress: { label: 'Em Andamento', tone: 'info' },
  completed: { label: 'Concluído', tone: 'success' },
}

export const TYPE_LABEL: Record<RaffleType, string> = RAFFLE_TYPE_LABEL
