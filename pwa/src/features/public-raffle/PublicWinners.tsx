import { WinnerEntry } from '@/components/ui/WinnerEntry'
import type { PublicWinner } from '@/protocol/public-state'
import { orderWinners } from '@/lib/winners'
import { prizeOf, type Prize } from '@/protocol/prizes'

/** The Winners tab: the valid winners by position; invalidated ones stay on the verification page. */
export function PublicWinners({ winners, prizes }: { winners: readonly PublicWinner[]; prizes?: readonly Prize[] | undefined }) {
  const valid = orderWinners(
    winners.filter((w) => w.valid).map((w) => ({ ...w, isValid: true, invalidatedAt: null })),
  )
  if (valid.length === 0) {
    return <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">Nenhum vencedor sorteado ainda</p>
  }
  return (
    <ul aria-label="Vencedores" className="space-y-2">
      {valid.map((w) => (
        <WinnerEntry
          key={`${w.round_id}:${w.position}`}
          winner={{
            position: w.position,
            ticketNumber: w.ticket_number,
            name: w.name,
            email: w.email,
            isValid: true,
            invalidatedAt: null,
            invalidationReason: null,
            prize: prizeOf(prizes, w.position),
          }}
        />
      ))}
    </ul>
  )
}
