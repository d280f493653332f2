import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { errorText } from '@/components/ui/error-text'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { closeList, federalRounds, resultInForce, resultSteps } from '@/db/federal'
import { listChances } from '@/db/federal-check'
import type { RaffleRow } from '@/db/schema'
import { CLOSE_LIST_NOTE, CLOSE_LIST_QUESTION } from '@/features/manage-raffle/draw/draw-text'
import { FederalResultForm } from '@/features/manage-raffle/draw/FederalResultForm'
import { FINGERPRINT_LABEL, FINGERPRINT_NOTE, poolFingerprint } from '@/lib/pool-text'
import { ruleName } from '@/protocol/federal-settings'
import { extractionText, federalHeadline } from '@/protocol/federal-time'
import { useOnline } from '@/sync/online'

export const CORRECTION_NOTE =
  'O resultado registrado não é apagado: ele continua no registro público e na ata, marcado como substituído, com o horário da correção. Os ganhadores passam a ser os dos prêmios que você digitar agora.'

export const CLOSE_NEEDS_CONNECTION = 'Fechar a lista precisa de conexão: o relógio do servidor confirma que a extração ainda não começou.'

/**
 * The draw tab of a Loteria Federal raffle, in place of the seeded draw's stage: the extraction it
 * follows, 'Fechar a lista para a extração' (online only), then the result's entry (offline too) and,
 * once entered, how each winner follows from the five prizes.
 */
export function FederalStage({ userId, raffle }: { userId: string; raffle: RaffleRow }) {
  const online = useOnline()
  const [closing, setClosing] = useState(false)
  const [asking, setAsking] = useState(false)
  const [confirmClose, setConfirmClose] = useState(false)
  const [correcting, setCorrecting] = useState(false)
  const rounds = useLiveQuery(() => federalRounds(raffle.id), [raffle.id])
  const done = rounds ? resultInForce(rounds) : undefined
  const replaced = rounds?.filter((r) => r.replacedBy) ?? []
  const steps = useLiveQuery(() => (done ? resultSteps(done) : Promise.resolve([])), [done?.id, done?.prizes?.join()])
  const open = rounds?.find((r) => r.state === 'open')
  const f = raffle.federal
  // Each ticket's chance under the rule, for the list as it is (frozen once closed).
  const chance = useLiveQuery(() => (f ? listChances(raffle.id, { kind: f.rule, digits: f.digits }) : Promise.resolve(undefined)), [raffle.id, f?.rule, f?.digits, rounds?.length])

  if (!f) {
    return <p className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-700">Informe o concurso, a data da extração e a regra em &apos;Configurações&apos;.</p>
  }

  async function onClose() {
    setClosing(true)
    try {
      await closeList(userId, raffle.id)
      toast.success('Lista fechada para a extração')
    } catch (e) {
      toast.error('Não foi possível fechar a lista', { description: errorText(e) })
    } finally {
      setClosing(false)
    }
  }

  const closed = open ?? done
  return (
    <div className="space-y-4" data-testid="federal-stage">
      <div className="space-y-1 text-sm text-slate-700">
        <p className="font-medium text-slate-900">{federalHeadline(f)}</p>
        <p>Extração: {extractionText(f.extraction_at)}</p>
        <p>Regra: {ruleName(f)}</p>
        {chance && (
          <p data-testid="federal-chance" className={chance.equal ? 'font-medium text-slate-900' : 'rounded-xl bg-amber-50 px-3 py-2 text-amber-900'}>
            {chance.text}
          </p>
        )}
      </div>
      {closed && (
        <div className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-slate-800">
          <p>
            Lista fechada com {closed.poolSize} bilhete(s). {FINGERPRINT_LABEL} <span className="font-mono font-bold tracking-wider">{poolFingerprint(closed.poolDigest)}</span>
          </p>
          <p className="text-xs text-slate-600">{FINGERPRINT_NOTE}</p>
        </div>
      )}
      {raffle.status === 'pending' && (
        <div className="space-y-2">
          <Button onClick={() => setConfirmClose(true)} loading={closing} disabled={!online} className="w-full sm:w-auto">
            Fechar a lista para a extração
          </Button>
          <p className="text-sm text-slate-600">{online ? 'Depois de fechada, a lista não muda mais: ninguém entra nem sai antes do resultado.' : CLOSE_NEEDS_CONNECTION}</p>
        </div>
      )}
      {open && <FederalResultForm userId={userId} raffleId={raffle.id} extractionAt={f.extraction_at} />}
      {done?.prizes && (
        <div className="space-y-2" data-testid="federal-result">
          <p className="text-sm font-medium text-slate-900">Prêmios da extração: {done.prizes.join(', ')}</p>
          <ol className="space-y-1 text-sm text-slate-700">
            {(steps ?? []).map((s) => (
              <li key={s.position}>
                {s.position}º lugar: {s.line}
              </li>
            ))}
          </ol>
          {replaced.map((r) => (
            <p key={r.id} className="text-sm text-amber-800" data-testid="federal-replaced">
              Resultado corrigido em {extractionText(r.replacedAt ?? 0)}: os prêmios informados antes ({r.prizes?.join(', ')}) foram substituídos e continuam no registro.
            </p>
          ))}
          {raffle.status === 'completed' && !correcting && (
            <Button variant="outline" onClick={() => setAsking(true)}>
              Corrigir o resultado
            </Button>
          )}
        </div>
      )}
      {correcting && done && <FederalResultForm userId={userId} raffleId={raffle.id} extractionAt={f.extraction_at} correcting onClose={() => setCorrecting(false)} />}
      <ConfirmDialog
        open={confirmClose}
        title={CLOSE_LIST_QUESTION}
        confirmLabel="Fechar a lista"
        onConfirm={() => {
          setConfirmClose(false)
          void onClose()
        }}
        onCancel={() => setConfirmClose(false)}
      >
        <p>{CLOSE_LIST_NOTE}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking}
        title="Corrigir o resultado da extração?"
        confirmLabel="Digitar os prêmios de novo"
        onConfirm={() => {
          setAsking(false)
          setCorrecting(true)
        }}
        onCancel={() => setAsking(false)}
      >
        <p>{CORRECTION_NOTE}</p>
      </ConfirmDialog>
    </div>
  )
}
