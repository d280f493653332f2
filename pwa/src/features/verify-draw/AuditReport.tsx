import { useMemo } from 'react'
import { Button } from '@/components/ui/Button'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { Card } from '@/components/ui/Card'
import { WinnerEntry } from '@/components/ui/WinnerEntry'
import { prizeOf } from '@/protocol/prizes'
import { verifiedText } from '@/protocol/method-text'
import { orderWinners } from '@/lib/winners'
import { ticketsById, type AuditAbandoned, type AuditExport, type AuditRound } from '@/features/verify-draw/audit-record'
import { AbandonedCard } from '@/features/verify-draw/AbandonedCard'
import { AlternatesSection } from '@/features/verify-draw/AlternatesSection'
import { downloadText } from '@/features/verify-draw/download'
import { RefusedCard } from '@/features/verify-draw/RefusedCard'
import { RoundCard } from '@/features/verify-draw/RoundCard'
import { useVerification, type VerificationState } from '@/features/verify-draw/useVerification'
import { STEPS_PER_ROUND } from '@/features/verify-draw/verify-record'
import { deletedText, offlineWarning, progressText, refusedSummary } from '@/features/verify-draw/verify-text'

type RoundEntry = { type: 'completed'; round: AuditRound; index: number; order: number } | { type: 'abandoned'; round: AuditAbandoned; order: number }

/** Completed and abandoned rounds in the raffle's order (by round number when the record has them). */
function roundsInOrder(record: AuditExport): RoundEntry[] {
  const entries: RoundEntry[] = [
    ...record.draws.map((round, index): RoundEntry => ({ type: 'completed', round, index, order: round.round ?? index + 1 })),
    ...record.abandoned.map((round): RoundEntry => ({ type: 'abandoned', round, order: round.round })),
  ]
  return entries.sort((a, b) => a.order - b.order)
}

function Verdict({ state, record }: { state: VerificationState; record: AuditExport }) {
  // A Loteria Federal round has no seed at all: it is not an offline one.
  const offline = record.draws.filter((r) => !r.online && !r.federal).length
  if (record.draws.length === 0 && record.refused.length === 0) {
    return (
      <p className="text-slate-700">
        {record.abandoned.length > 0 ? 'Nenhuma rodada foi concluída: não há vencedores para conferir.' : 'Este sorteio ainda não foi realizado: não há rodadas para conferir.'}
      </p>
    )
  }
  if (state.status === 'running' && record.draws.length === 0) return <p className="text-slate-700">Conferindo as rodadas recusadas...</p>
  if (state.status === 'running') {
    return (
      <div className="space-y-2">
        <p className="text-slate-700">{progressText(state.done, state.total, record.draws.length, STEPS_PER_ROUND)}</p>
        <progress className="h-2 w-full accent-brand-700" max={state.total} value={state.done} aria-label="Progresso da conferência" />
      </div>
    )
  }
  if (state.status === 'failed') {
    return (
      <p className="text-slate-700">
        Não foi possível recalcular o sorteio neste navegador (é preciso abrir a página por https). Baixe o registro abaixo e confira com o programa de linha de comando.
      </p>
    )
  }
  const { check } = state
  return (
    <div className="space-y-2">
      <p className={check.ok ? 'text-3xl font-extrabold text-emerald-700' : 'text-3xl font-extrabold text-red-700'}>{check.ok ? 'Confere' : 'Não confere'}</p>
      <p className="text-slate-700">
        {!check.ok
          ? 'O registro não corresponde ao que este navegador recalculou. Veja abaixo o que não confere.'
          : record.draws.length === 0
            ? 'Nenhuma rodada valeu: não há vencedores. As rodadas recusadas abaixo conferem com o que o aparelho declarou.'
            : verifiedText(record.draws.some((r) => r.federal))}
      </p>
      {record.refused.length > 0 && <p className="text-sm text-slate-700">{refusedSummary(record.refused.length)}</p>}
      {check.problems.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-5 text-sm text-red-900">
          {check.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {offline > 0 && <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">{offlineWarning(offline)}</p>}
    </div>
  )
}

function Winners({ record }: { record: AuditExport }) {
  // Built once per record: its pools reach 100,000 tickets and the page repaints at each step.
  const winners = useMemo(() => {
    const tickets = ticketsById(record)
    return record.winners.map((w) => {
      const ticket = tickets.get(w.ticket_id)
      return {
        key: `${w.position}:${w.ticket_id}`,
        position: w.position,
        ticketNumber: ticket ? ticket.ticket_number : null,
        name: ticket ? ticket.name : `Bilhete fora do registro (${w.ticket_id})`,
        isValid: w.is_valid,
        invalidatedAt: w.invalidated_at,
        prize: prizeOf(record.prizes, w.position),
      }
    })
  }, [record])
  if (winners.length === 0) return <p className="text-sm text-slate-600">Nenhum vencedor sorteado ainda</p>
  return (
    <ul aria-label="Vencedores" className="space-y-3">
      {orderWinners(winners).map((w) => (
        <WinnerEntry key={w.key} winner={w} />
      ))}
    </ul>
  )
}

/** The record of a raffle's draws, recomputed here, with its winners and the file to check it elsewhere. */
export function AuditReport({ record, text }: { record: AuditExport; text: string }) {
  const verification = useVerification(record)
  const code = record.raffle.code.toUpperCase()
  const fileName = `sorteio-${code}.json`
  // Built once per record: the pool reaches 100,000 tickets and the page repaints at each step.
  const tickets = useMemo(() => ticketsById(record), [record])
  const rounds = useMemo(() => roundsInOrder(record), [record])
  const deletedAt = record.raffle.deletedAt

  return (
    <div className="mt-5 space-y-5">
      {deletedAt !== null && (
        <p role="note" className="rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          {deletedText(deletedAt)}
        </p>
      )}
      <Card role="status" aria-live="polite" aria-label="Resultado da conferência">
        <Verdict state={verification} record={record} />
      </Card>

      <section aria-labelledby="verify-winners" className="space-y-3">
        <h2 id="verify-winners" className="text-lg font-semibold text-slate-900">
          Vencedores
        </h2>
        <Winners record={record} />
      </section>

      <AlternatesSection record={record} tickets={tickets} verification={verification} />

      {rounds.length > 0 && (
        <section aria-labelledby="verify-rounds" className="space-y-3">
          <h2 id="verify-rounds" className="text-lg font-semibold text-slate-900">
            Rodadas
          </h2>
          {rounds.map((entry) =>
            entry.type === 'abandoned' ? (
              <AbandonedCard key={entry.round.draw_id} round={entry.round} />
            ) : (
              <RoundCard
                key={entry.round.draw_id ?? entry.index}
                round={entry.round}
                index={entry.index}
                tickets={tickets}
                check={verification.status === 'done' ? verification.check.rounds[entry.index] : undefined}
              />
            ),
          )}
        </section>
      )}

      {record.refused.length > 0 && (
        <section aria-labelledby="verify-refused" className="space-y-3">
          <h2 id="verify-refused" className="text-lg font-semibold text-slate-900">
            Rodadas recusadas
          </h2>
          {record.refused.map((round, i) => (
            <RefusedCard key={round.draw_id} round={round} check={verification.status === 'done' ? verification.check.refused[i] : undefined} />
          ))}
        </section>
      )}

      <Card className="space-y-3">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" className="w-full sm:w-auto" onClick={() => downloadText(fileName, text)}>
            Baixar registro (JSON)
          </Button>
          {record.draws.length > 0 && (
            <ButtonLink to={`/sorteio/${code}/ata`} variant="outline" className="w-full sm:w-auto">
              Ata do sorteio
            </ButtonLink>
          )}
        </div>
        <p className="text-sm text-slate-600">
          O arquivo é o registro exatamente como o servidor o publicou. Ele pode ser conferido sem internet com o programa de linha de comando do Sorteio:{' '}
          <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs break-all text-slate-800">sorteio verify {fileName}</code>
        </p>
      </Card>
    </div>
  )
}
