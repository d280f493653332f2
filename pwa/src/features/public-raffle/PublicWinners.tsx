import { WinnerEntry } from '@/components/ui/WinnerEntry'
import { WinnerGapEntry } from '@/components/ui/WinnerGapEntry'
import type { PublicWinner } from '@/protocol/public-state'
import { isGap, withGaps } from '@/lib/winners'
import { prizeOf, type Prize } from '@/protocol/prizes'

/**
 * The Winners tab: the valid winners by position, and a gap where one was invalidated and not yet
 * redrawn; the invalidated ones themselves stay on the verification page.
 */
export function PublicWinners({ winners, prizes }: { winners: readonly PublicWinner[]; prizes?: readonly Prize[] | undefined }) {
  const shown = withGaps(winners.map((w) => ({ ...w, isValid: w.valid, invalidatedAt: w.invalidated_at })))
  if (shown.length === 0) {
    return <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">Nenhum vencedor sorteado ainda</p>
  }
  return (
    <ul aria-label="Vencedores" className="space-y-2">
      {shown.map((w) =>
        isGap(w) ? (
          <WinnerGapEntry key={`gap:${w.position}`} position={w.position} prize={prizeOf(prizes, w.position)} />
        ) : (
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
        ),
      )}
    </ul>
  )
}
