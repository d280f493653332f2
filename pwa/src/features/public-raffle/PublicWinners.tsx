import { AlternatesList } from '@/components/ui/AlternatesList'
import { WinnerEntry } from '@/components/ui/WinnerEntry'
import { WinnerGapEntry } from '@/components/ui/WinnerGapEntry'
import { alternateLeft, type PublicAlternate, type PublicWinner } from '@/protocol/public-state'
import { isGap, withGaps } from '@/lib/winners'
import { prizeOf, type Prize } from '@/protocol/prizes'

/**
 * The Winners tab: the valid winners by position (an alternate called to a place marked so), and a
 * gap where one was invalidated and not yet filled again; the invalidated ones themselves stay on
 * the verification page. Then the alternates.
 */
export function PublicWinners({
  winners,
  prizes,
  alternates = [],
}: {
  winners: readonly PublicWinner[]
  prizes?: readonly Prize[] | undefined
  alternates?: readonly PublicAlternate[] | undefined
}) {
  const shown = withGaps(winners.map((w) => ({ ...w, isValid: w.valid, invalidatedAt: w.invalidated_at })))
  const anyLeft = alternateLeft(alternates)
  if (shown.length === 0) {
    return <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">Nenhum vencedor sorteado ainda</p>
  }
  return (
    <>
      <ul aria-label="Vencedores" className="space-y-2">
        {shown.map((w) =>
          isGap(w) ? (
            <WinnerGapEntry key={`gap:${w.position}`} position={w.position} prize={prizeOf(prizes, w.position)} alternateLeft={anyLeft} />
          ) : (
            <WinnerEntry
              key={`${w.round_id}:${w.position}:${w.drawn_at}`}
              winner={{
                position: w.position,
                ticketNumber: w.ticket_number,
                name: w.name,
                email: w.email,
                isValid: true,
                invalidatedAt: null,
                invalidationReason: null,
                prize: prizeOf(prizes, w.position),
                promoted: w.promoted === true,
              }}
            />
          ),
        )}
      </ul>
      {/* The tab's content sits right under the page's h1. */}
      <AlternatesList
        level={2}
        alternates={alternates.map((a) => ({ rank: a.rank, name: a.name, ticketNumber: a.ticket_number, email: a.email, calledTo: a.called_to ?? null }))}
      />
    </>
  )
}
