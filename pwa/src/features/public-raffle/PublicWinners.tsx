import { WinnerEntry } from '@/components/ui/WinnerEntry'
import { WinnerGapEntry } from '@/components/ui/WinnerGapEntry'
import type { PublicAlternate, PublicWinner } from '@/protocol/public-state'
import { isGap, withGaps } from '@/lib/winners'
import { prizeOf, type Prize } from '@/protocol/prizes'

/**
 * The Winners tab: the valid winners by position, and a gap where one was invalidated and not yet
 * filled again; the invalidated ones themselves stay on the verification page. Then the alternates.
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
  if (shown.length === 0) {
    return <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">Nenhum vencedor sorteado ainda</p>
  }
  return (
    <>
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
      {alternates.length > 0 && (
        <section aria-labelledby="public-alternates" className="mt-5">
          <h3 id="public-alternates" className="font-semibold text-slate-900">
            Suplentes
          </h3>
          <ol aria-label="Suplentes" className="mt-2 space-y-2">
            {alternates.map((a) => (
              <li key={a.rank} className="flex items-baseline gap-3 rounded-xl bg-slate-50 px-3 py-2 text-sm">
                <span className="shrink-0 font-medium text-slate-700">{a.rank}º suplente</span>
                <span className="min-w-0 flex-1 break-words">
                  <span className="font-medium text-slate-900">{a.name}</span>
                  {a.ticket_number && <span className="text-slate-600"> · Bilhete {a.ticket_number}</span>}
                  {a.email && <span className="block text-slate-600">{a.email}</span>}
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  )
}
