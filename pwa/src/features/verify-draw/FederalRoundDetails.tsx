import type { AuditFederal } from '@/features/verify-draw/audit-record'
import type { RoundCheck } from '@/features/verify-draw/verify-record'
import { ruleName } from '@/protocol/federal-settings'
import { CAIXA_RESULTS_URL, caixaReference, extractionText } from '@/protocol/federal-time'

export const FEDERAL_ROUND_TEXT =
  'Sorteio pela Loteria Federal: não há semente. Os vencedores saem dos cinco prêmios da extração, pela regra fixada antes, aplicada à lista fechada antes dela.'

/**
 * A Loteria Federal round's extraction, its five prizes as entered, each winner's step as recomputed
 * here, and what only the reader can check: those five numbers against Caixa's published result.
 */
export function FederalRoundDetails({ federal, check }: { federal: AuditFederal; check: RoundCheck | undefined }) {
  const lines = check?.federalLines ?? null
  return (
    <div className="space-y-3 text-sm text-slate-800" data-testid="federal-round">
      <p>{`Concurso ${federal.concurso}, extração de ${extractionText(federal.extraction_at)}. Regra: ${ruleName({ rule: federal.rule.kind, digits: federal.rule.digits })}.`}</p>
      <div>
        <p className="text-xs font-medium text-slate-500">Prêmios como informados pelo organizador</p>
        <ol className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {federal.prizes.map((p, i) => (
            <li key={i}>
              <span className="text-xs text-slate-500">{`${i + 1}º `}</span>
              <span className="font-mono text-lg font-bold tracking-widest">{p}</span>
            </li>
          ))}
        </ol>
      </div>
      <div>
        <p className="text-xs font-medium text-slate-500">Passo a passo, recalculado neste navegador</p>
        {lines ? (
          <ol className="mt-1 space-y-0.5">
            {lines.map((line, i) => (
              <li key={i}>{`${i + 1}º lugar: ${line}`}</li>
            ))}
          </ol>
        ) : (
          <p className="mt-1 text-slate-600">{check ? '(não calculado)' : 'calculando...'}</p>
        )}
      </div>
      <p className="rounded-xl bg-amber-50 px-3 py-2 wrap-anywhere text-amber-900">
        {`Compare os cinco prêmios acima com o resultado publicado pela Caixa (${CAIXA_RESULTS_URL}): ${caixaReference(federal.concurso, federal.extraction_at)}. Este aplicativo não consulta a Caixa: a conferência dos números é sua.`}
      </p>
    </div>
  )
}
