import type { BadgeTone } from '@/components/ui/Badge'
import type { RaffleStatus } from '@/db/schema'

/** The manage screen's wording for the status (the dashboard words it differently, as the spec asks). */
export const STATUS: Record<RaffleStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Aguardando', tone: 'warning' },
  in_progress: { label: 'Em andamento', tone: 'info' },
  completed: { label: 'Finalizado', tone: 'success' },
}
